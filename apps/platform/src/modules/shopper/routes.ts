import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { parseJsonBody } from "../../http/json-body.js";
import {
  assertAttributesWithinBounds,
  mergeAttributes,
  sessionAttributesBody,
} from "./attributes.js";
import { capabilitiesFor } from "./capabilities.js";
import { loadCart } from "./cart.js";
import { addItem, addItemBody, removeItem, updateItem, updateItemBody } from "./cart-items.js";
import { bearerToken, requireSession } from "./require-session.js";
import { signSessionToken } from "./session-token.js";
import {
  bumpRevision,
  claimsOf,
  countSessionStart,
  findSession,
  startSession,
  startSessionBody,
} from "./sessions.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  clientAddress: ClientAddress;
}

/** The shopper session and cart API under `/shopper/sessions`. */
export function shopperSessionRoutes({ db, config, clock, clientAddress }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  // Given per route rather than with `use("*")`, so an unknown path answers 404, not 401.
  const withSession = requireSession(config.sessionSecret);

  app.post("/start", async (c) => {
    const input = await parseJsonBody(c, startSessionBody);
    await countSessionStart(db, clientAddress(c), clock());
    const session = await startSession(db, input);
    const token = await signSessionToken(claimsOf(session), config.sessionSecret);
    return c.json({
      token,
      cart: await loadCart(db, session, config.publicUrl),
      capabilities: capabilitiesFor(session.countryCode),
    });
  });

  app.get("/", withSession, async (c) => {
    const session = await findSession(db, c.get("session").sessionId);
    return c.json({
      // The token stays the same for the session's life; its expiry is the cart cookie's.
      token: bearerToken(c.req.header("authorization")),
      cart: await loadCart(db, session, config.publicUrl),
      capabilities: capabilitiesFor(session.countryCode),
    });
  });

  app.patch("/attributes", withSession, async (c) => {
    const patch = await parseJsonBody(c, sessionAttributesBody);
    const { sessionId } = c.get("session");
    const cart = await db.transaction(async (tx) => {
      const current = await findSession(tx, sessionId, { forUpdate: true });
      const attributes = mergeAttributes(current.attributes, patch);
      assertAttributesWithinBounds(attributes);
      return loadCart(tx, await bumpRevision(tx, sessionId, { attributes }), config.publicUrl);
    });
    return c.json({ cart });
  });

  app.post("/items", withSession, async (c) => {
    const input = await parseJsonBody(c, addItemBody);
    const cart = await addItem(db, c.get("session").sessionId, input, config.publicUrl);
    return c.json({ cart, capabilities: capabilitiesFor(cart.countryCode) });
  });

  app.put("/items/:itemId", withSession, async (c) => {
    const { quantity } = await parseJsonBody(c, updateItemBody);
    const { sessionId } = c.get("session");
    const cart = await updateItem(db, sessionId, c.req.param("itemId"), quantity, config.publicUrl);
    return c.json({ cart });
  });

  app.delete("/items/:itemId", withSession, async (c) => {
    const { sessionId } = c.get("session");
    const cart = await removeItem(db, sessionId, c.req.param("itemId"), config.publicUrl);
    return c.json({ cart });
  });

  return app;
}
