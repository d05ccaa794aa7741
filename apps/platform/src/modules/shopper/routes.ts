import type {
  CartReply,
  ItemAdded,
  SessionCustomerReply,
  SessionStarted,
  SessionState,
} from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { ShopperSessionRow } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { parseJsonBody } from "../../http/json-body.js";
import { assertStoreGroupAllowed } from "../../http/storefront-caller.js";
import type { PlatformMetrics } from "../../metrics/platform-metrics.js";
import { resolveStoreGroup } from "../catalogue/markets.js";
import { discountCodeRoutes } from "../discounts/routes.js";
import {
  assertAttributesWithinBounds,
  mergeAttributes,
  sessionAttributesBody,
} from "./attributes.js";
import { capabilitiesFor } from "./capabilities.js";
import { type CartChange, changeCart, loadCart } from "./cart.js";
import {
  addItem,
  addItemBody,
  changeItemVariant,
  changeItemVariantBody,
  removeItem,
  updateItem,
  updateItemBody,
} from "./cart-items.js";
import { bearerToken, requireSession } from "./require-session.js";
import {
  linkSessionCustomer,
  sessionCustomerBody,
  sessionCustomerOf,
  unlinkSessionCustomer,
} from "./session-customer.js";
import { signSessionToken } from "./session-token.js";
import {
  claimsOf,
  countSessionStart,
  findSession,
  rotateSessionTokens,
  startSession,
  startSessionBody,
} from "./sessions.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  clientAddress: ClientAddress;
  /** Where the discount codes' failed tries are counted. */
  metrics: Pick<PlatformMetrics, "countDiscountCodeFailure">;
}

/** The shopper session and cart API under `/shopper/sessions`. */
export function shopperSessionRoutes({ db, config, clock, clientAddress, metrics }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  /** A session's new token with its cart and capabilities: the answer of start and rotate. */
  async function sessionStarted(session: ShopperSessionRow, now: Date): Promise<SessionStarted> {
    return {
      token: await signSessionToken(claimsOf(session), config.sessionSecret, now),
      cart: await loadCart(db, session, config.publicUrl, now),
      capabilities: capabilitiesFor(
        config.paymentProviders,
        session.storeGroupId,
        session.countryCode,
      ),
    };
  }
  // Given per route rather than with `use("*")`, so an unknown path answers 404, not 401.
  const withSession = requireSession(db, config.sessionSecret, clock);
  /** A cart change happens now, by the platform's clock. */
  const change = (): CartChange => ({ publicUrl: config.publicUrl, now: clock() });

  app.post("/start", async (c) => {
    const input = await parseJsonBody(c, startSessionBody);
    // An anonymous caller shops in the public store group only; another is the shop's to give.
    const storeGroup = resolveStoreGroup(input.storeGroupId);
    if (storeGroup) assertStoreGroupAllowed(c, storeGroup.id);
    const now = clock();
    await countSessionStart(db, clientAddress(c), now, config.sessionStartsPerAddress);
    const session = await startSession(db, input, now);
    return c.json(await sessionStarted(session, now));
  });

  // Issue 38: the same session under a new token (the storefront asks at login), so a token taken
  // before the login opens nothing after it. The token and every checkout token made from it are
  // refused from now on (401); the cart keeps its lines, codes, attributes and customer link.
  app.post("/rotate", withSession, async (c) => {
    const now = clock();
    const { sessionId, generation } = c.get("session");
    const session = await rotateSessionTokens(db, sessionId, generation, now);
    return c.json(await sessionStarted(session, now));
  });

  app.get("/", withSession, async (c) => {
    const session = await findSession(db, c.get("session").sessionId);
    return c.json({
      // The token stays the same until the session is rotated; its expiry is the cart cookie's.
      token: bearerToken(c.req.header("authorization")),
      cart: await loadCart(db, session, config.publicUrl, clock()),
      capabilities: capabilitiesFor(
        config.paymentProviders,
        session.storeGroupId,
        session.countryCode,
      ),
      // The customer card is drawn from the session: who orders, for whom, and the card's choice.
      customer: await sessionCustomerOf(db, session),
    } satisfies SessionState);
  });

  app.patch("/attributes", withSession, async (c) => {
    const patch = await parseJsonBody(c, sessionAttributesBody);
    const cart = await changeCart(
      db,
      c.get("session").sessionId,
      change(),
      async (_tx, session) => {
        const attributes = mergeAttributes(session.attributes, patch);
        assertAttributesWithinBounds(attributes);
        return { attributes };
      },
    );
    return c.json({ cart } satisfies CartReply);
  });

  // ADR 0012: whose order the session's checkout becomes.
  app.put("/customer", withSession, async (c) => {
    const input = await parseJsonBody(c, sessionCustomerBody);
    const customer = await linkSessionCustomer(db, c.get("session").sessionId, input, {
      secret: config.sessionSecret,
      now: clock(),
    });
    return c.json({ customer } satisfies SessionCustomerReply);
  });

  app.delete("/customer", withSession, async (c) => {
    await unlinkSessionCustomer(db, c.get("session").sessionId, clock());
    return c.json({ customer: null } satisfies SessionCustomerReply);
  });

  app.post("/items", withSession, async (c) => {
    const input = await parseJsonBody(c, addItemBody);
    const cart = await addItem(db, c.get("session").sessionId, input, change());
    return c.json({
      cart,
      capabilities: capabilitiesFor(config.paymentProviders, cart.storeGroupId, cart.countryCode),
    } satisfies ItemAdded);
  });

  app.put("/items/:itemId", withSession, async (c) => {
    const { quantity } = await parseJsonBody(c, updateItemBody);
    const { sessionId } = c.get("session");
    const cart = await updateItem(db, sessionId, c.req.param("itemId"), quantity, change());
    return c.json({ cart } satisfies CartReply);
  });

  // Not in the contract: a line takes another variant of its product in one change (C§4 size).
  app.put("/items/:itemId/variant", withSession, async (c) => {
    const { productVariantId } = await parseJsonBody(c, changeItemVariantBody);
    const { sessionId } = c.get("session");
    const cart = await changeItemVariant(
      db,
      sessionId,
      c.req.param("itemId"),
      productVariantId,
      change(),
    );
    return c.json({ cart } satisfies CartReply);
  });

  app.delete("/items/:itemId", withSession, async (c) => {
    const { sessionId } = c.get("session");
    const cart = await removeItem(db, sessionId, c.req.param("itemId"), change());
    return c.json({ cart } satisfies CartReply);
  });

  app.route("/discount-codes", discountCodeRoutes({ db, config, clock, clientAddress, metrics }));

  return app;
}
