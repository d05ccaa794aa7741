import type { CheckoutStarted, CheckoutState } from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody } from "../../http/json-body.js";
import { findOrderOfCheckout, placedOrderReply } from "../orders/order-reply.js";
import { requireSession } from "../shopper/require-session.js";
import { signCheckoutToken } from "./checkout-token.js";
import { checkoutReply, findCheckout, startCheckout, startCheckoutBody } from "./checkouts.js";
import { requireCheckout } from "./require-checkout.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

/** `/shopper/sessions/checkout`: start a checkout (session token) and read it (checkout token). */
export function checkoutRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post("/start", requireSession(db, config.sessionSecret, clock), async (c) => {
    const input = await parseJsonBody(c, startCheckoutBody);
    const now = clock();
    const { sessionId, generation } = c.get("session");
    const row = await startCheckout(db, config, sessionId, input, now);
    // Of the session token's generation: a rotation of the session ends this checkout's token too.
    const token = await signCheckoutToken(
      { checkoutId: row.id, sessionId, generation },
      config.sessionSecret,
      now,
    );
    return c.json({ token, checkout: await checkoutReply(db, row) } satisfies CheckoutStarted);
  });

  app.get("/", requireCheckout(db, config.sessionSecret, clock), async (c) => {
    const row = await findCheckout(db, c.get("checkout"));
    const checkout = await checkoutReply(db, row);
    const order = await findOrderOfCheckout(db, row.id);
    const token = /^Bearer\s+(\S+)/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
    return c.json({
      token,
      checkout: { ...checkout, orderId: order?.id ?? null },
      ...(order ? { order: await placedOrderReply(db, order) } : {}),
    } satisfies CheckoutState);
  });

  return app;
}
