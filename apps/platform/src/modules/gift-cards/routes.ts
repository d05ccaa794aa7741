import type { CartReply, GiftCardProductAdded } from "@kassa/api-client";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { HttpError } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import { findCheckout } from "../checkout/checkouts.js";
import { requireCheckout } from "../checkout/require-checkout.js";
import { requireSession } from "../shopper/require-session.js";
import {
  addGiftCardProduct,
  giftCardProductBody,
  removeGiftCardProduct,
} from "./gift-card-products.js";
import { countGiftCardTry } from "./gift-card-tries.js";
import { applyGiftCard, removeGiftCard } from "./gift-cards.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  clientAddress: ClientAddress;
}

const applyBody = z.object({ pin: z.string().max(64).optional() });

/**
 * Gift cards through the shopper API (Retain24, C§7): applying a card to a checkout (checkout
 * token), and buying one, a change of the cart (session token).
 */
export function giftCardRoutes({ db, config, clock, clientAddress }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withCheckout = requireCheckout(db, config.sessionSecret, clock);
  const withSession = requireSession(db, config.sessionSecret, clock);
  const change = () => ({ publicUrl: config.publicUrl, now: clock() });

  app.post("/gift-card-products", withSession, async (c) => {
    const input = await parseJsonBody(c, giftCardProductBody);
    const added = await addGiftCardProduct(db, c.get("session").sessionId, input, change());
    return c.json(added satisfies GiftCardProductAdded);
  });

  app.delete("/gift-card-products/:id", withSession, async (c) => {
    const cart = await removeGiftCardProduct(
      db,
      c.get("session").sessionId,
      c.req.param("id"),
      change(),
    );
    return c.json({ cart } satisfies CartReply);
  });

  app.put("/gift-cards/:code", withCheckout, async (c) => {
    const { pin } = await parseJsonBody(c, applyBody);
    const claims = c.get("checkout");
    const now = clock();
    const code = c.req.param("code");
    const outcome = await countGiftCardTry(
      db,
      { sessionId: claims.sessionId, address: clientAddress(c), code },
      now,
    );
    if (!outcome.allowed) {
      throw new HttpError(429, "TOO_MANY_REQUESTS", "Too many gift card attempts", {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
    await applyGiftCard(db, await findCheckout(db, claims), code, pin, now);
    return c.body(null, 204);
  });

  app.delete("/gift-cards/:code", withCheckout, async (c) => {
    await removeGiftCard(db, await findCheckout(db, c.get("checkout")), c.req.param("code"));
    return c.body(null, 204);
  });

  return app;
}
