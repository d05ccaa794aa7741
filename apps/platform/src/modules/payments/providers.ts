import { ADYEN } from "./adyen/adyen.js";
import { AVARDA } from "./avarda/avarda.js";
import { KLARNA } from "./klarna/klarna.js";
import { QLIRO } from "./qliro/qliro.js";
import type { SandboxProvider } from "./sandbox-provider.js";
import { WALLEY } from "./walley/walley.js";

/** Every payment sandbox on the shared engine (DESIGN §7). */
export const SANDBOX_PROVIDERS: readonly SandboxProvider[] = [KLARNA, AVARDA, ADYEN, WALLEY, QLIRO];
