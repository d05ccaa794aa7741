import {
  type Cart,
  type CartReply,
  DISCOUNT_CODE_ERRORS,
  type DiscountCodeError,
} from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { HttpError } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import type { PlatformMetrics } from "../../metrics/platform-metrics.js";
import { forgetHits } from "../rate-limits/rate-limit.js";
import type { CartChange } from "../shopper/cart.js";
import { requireSession } from "../shopper/require-session.js";
import { countDiscountCodeTry, countUnknownDiscountCode } from "./discount-code-tries.js";
import { addDiscountCode, addDiscountCodeBody, removeDiscountCode } from "./discount-codes.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  clientAddress: ClientAddress;
  /** Where the failed tries are counted (`kassa_platform_discount_code_failures_total`). */
  metrics: Pick<PlatformMetrics, "countDiscountCodeFailure">;
}

function tooManyTries(retryAfterSeconds: number): HttpError {
  return new HttpError(429, "TOO_MANY_REQUESTS", "Too many discount code attempts", {
    retryAfterSeconds,
  });
}

/** The C§8 error a refused code was answered with, or undefined for any other failure. */
function discountCodeErrorOf(error: unknown): DiscountCodeError | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return DISCOUNT_CODE_ERRORS.find((known) => known === error.error);
}

/**
 * `/shopper/sessions/discount-codes` (C§7): add a code to the session's cart, take one off. Both
 * answer `{ cart }` and count as a cart change (the revision goes up). Adding is limited per
 * session and per client address (429 `TOO_MANY_REQUESTS` with `Retry-After`), so codes cannot
 * be found by trying words; a code that is added does not count. Unknown codes also spend a
 * shop-wide budget (ADR 0051): past it they are refused with the same 429, while codes that exist
 * are still added.
 */
export function discountCodeRoutes({ db, config, clock, clientAddress, metrics }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withSession = requireSession(db, config.sessionSecret, clock);
  const change = (): CartChange => ({ publicUrl: config.publicUrl, now: clock() });

  app.post("/", withSession, async (c) => {
    const { discountCode } = await parseJsonBody(c, addDiscountCodeBody);
    const { sessionId } = c.get("session");
    const now = clock();
    const attempt = await countDiscountCodeTry(db, { sessionId, address: clientAddress(c) }, now);
    if (!attempt.allowed) throw tooManyTries(attempt.retryAfterSeconds);
    let cart: Cart;
    try {
      cart = await addDiscountCode(db, sessionId, discountCode, {
        publicUrl: config.publicUrl,
        now,
      });
    } catch (error) {
      const refused = discountCodeErrorOf(error);
      if (refused) metrics.countDiscountCodeFailure(refused);
      if (refused === "MISSING_DISCOUNT_CODE") {
        const budget = await countUnknownDiscountCode(db, now);
        if (!budget.allowed) throw tooManyTries(budget.retryAfterSeconds);
      }
      throw error;
    }
    await forgetHits(db, attempt.hitIds);
    return c.json({ cart } satisfies CartReply);
  });

  app.delete("/:code", withSession, async (c) => {
    const { sessionId } = c.get("session");
    const cart = await removeDiscountCode(db, sessionId, c.req.param("code"), change());
    return c.json({ cart } satisfies CartReply);
  });

  return app;
}
