import type { CartReply } from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody } from "../../http/json-body.js";
import type { CartChange } from "../shopper/cart.js";
import { requireSession } from "../shopper/require-session.js";
import { addDiscountCode, addDiscountCodeBody, removeDiscountCode } from "./discount-codes.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

/**
 * `/shopper/sessions/discount-codes` (C§7): add a code to the session's cart, take one off. Both
 * answer `{ cart }` and count as a cart change (the revision goes up).
 */
export function discountCodeRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withSession = requireSession(config.sessionSecret, clock);
  const change = (): CartChange => ({ publicUrl: config.publicUrl, now: clock() });

  app.post("/", withSession, async (c) => {
    const { discountCode } = await parseJsonBody(c, addDiscountCodeBody);
    const cart = await addDiscountCode(db, c.get("session").sessionId, discountCode, change());
    return c.json({ cart } satisfies CartReply);
  });

  app.delete("/:code", withSession, async (c) => {
    const { sessionId } = c.get("session");
    const cart = await removeDiscountCode(db, sessionId, c.req.param("code"), change());
    return c.json({ cart } satisfies CartReply);
  });

  return app;
}
