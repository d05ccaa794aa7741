import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { AppEnv } from "../../http/app-env.js";
import { unauthorized } from "../../http/http-error.js";
import { verifyCheckoutToken } from "./checkout-token.js";

/** Reads `Authorization: Bearer <checkout token>`; answers 401 when it is missing or invalid. */
export function requireCheckout(sessionSecret: string, clock: Clock) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "");
    if (!match?.[1]) throw unauthorized("A checkout token is required (Authorization: Bearer)");
    c.set("checkout", await verifyCheckoutToken(match[1], sessionSecret, clock()));
    await next();
  });
}
