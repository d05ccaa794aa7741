import type {
  Cart,
  CartItem,
  SessionAttributes,
  SessionCustomer,
  StartSessionInput,
} from "@kassa/api-client";
import { isKassaApiError } from "@kassa/api-client";
import { assertWithinOrderLimit, childLineUpdates, isChildLine, type Market } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import { shopperClient } from "~/modules/http/clients.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { logger } from "~/modules/http/logger.server";
import { oncePerRequest } from "~/modules/http/request-memo.server";

/**
 * The shopper's cart: a shopper session on the platform whose token lives in the `cartToken`
 * cookie (C§9, 30 days). Every function takes its inputs explicitly and answers the cart the
 * platform confirmed; nothing here computes a price or a total.
 */

export interface CartSession {
  token: string;
  cart: Cart;
  /**
   * Whose order the session's checkout becomes, with the customer card's choice (ADR 0012;
   * `GET /shopper/sessions` answers it). Only a session read with {@link loadCartSession} has it.
   */
  customer?: SessionCustomer | null;
}

/**
 * The attributes a new session of this shopper carries from its start (A§4: a logged-in company
 * user's company attributes), asked for only when a session is started; `undefined` for none.
 */
export type SessionAttributesSource = () => Promise<SessionAttributes | undefined>;

/**
 * Starts a shopper session for `target` (C§7 `POST /shopper/sessions/start`) and writes the
 * shopper's attributes to it, so no session of a company user's cart is ever without them.
 */
export async function startCartSession(
  target: StartSessionInput,
  clientAddress: string | undefined,
  attributesOf?: SessionAttributesSource,
): Promise<CartSession> {
  // The platform limits session starts per client address: it is the shopper's, not ours.
  const started = await shopperClient(undefined, clientAddress).startSession(target);
  const attributes = await attributesOf?.();
  if (!attributes) return { token: started.token, cart: started.cart };
  const { cart } = await shopperClient(started.token).setAttributes(attributes);
  return { token: started.token, cart };
}

export async function readCartToken(request: Request): Promise<string | undefined> {
  const value = await storefrontCookies().cartToken.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export function cartTokenCookie(token: string): Promise<string> {
  return storefrontCookies().cartToken.serialize(token);
}

export function clearCartTokenCookie(): Promise<string> {
  return storefrontCookies().cartToken.serialize("", { maxAge: 0 });
}

function isRejectedToken(error: unknown): boolean {
  return isKassaApiError(error) && (error.status === 401 || error.status === 403);
}

/**
 * The shopper's current cart, or null when there is none: no cookie, or a token the platform no
 * longer accepts (expired or signed by another platform). Other failures propagate.
 */
export function loadCartSession(
  request: Request,
  context?: AppLoadContext,
): Promise<CartSession | null> {
  // The layout (for the cart badge) and the page (the cart, the checkout) both ask while one page
  // renders: given the request's context, they share one call. Actions change the cart between
  // reads, so only reads share.
  if (!context || (request.method !== "GET" && request.method !== "HEAD")) {
    return fetchCartSession(request);
  }
  return oncePerRequest(context, "cart-session", () => fetchCartSession(request));
}

async function fetchCartSession(request: Request): Promise<CartSession | null> {
  const token = await readCartToken(request);
  if (!token) return null;
  try {
    // Every page reads the cart (its count in the header): a page's read deadline.
    const session = await shopperClient(token, undefined, "read").getSession();
    return {
      token: session.token ?? token,
      cart: session.cart,
      customer: session.customer ?? null,
    };
  } catch (error) {
    if (isRejectedToken(error)) return null;
    throw error;
  }
}

/**
 * Issue 38: the same cart under a new token (`POST /shopper/sessions/rotate`); the old token, and
 * every checkout token made from it, are refused from then on. At login, so that a cart token
 * planted in this browser or copied from it before the login opens nothing after it. Null when
 * the rotation fails, whatever the reason: the old token may already be spent, and it must not be
 * kept either way, so the shopper goes on without that cart rather than with its old token.
 */
export async function rotateCartSession(session: CartSession): Promise<CartSession | null> {
  try {
    const rotated = await shopperClient(session.token).rotateSession();
    return { token: rotated.token, cart: rotated.cart, customer: session.customer ?? null };
  } catch (error) {
    if (!isRejectedToken(error)) {
      logger().warn({ err: error }, "the cart's token could not be rotated: the cart is left");
    }
    return null;
  }
}

export function sessionInputFor(
  market: Market,
  language: string,
  storeGroupId: string,
): StartSessionInput {
  return {
    storeGroupId,
    countryCode: market.country,
    languageCode: language,
  };
}

/**
 * The session to add to: the current one when it is in the shopper's market and store group,
 * otherwise a new one for the market, language and store group (C§4: a session is created on the
 * first add), with the shopper's attributes (A§4). A cart left in another market is moved, so
 * nothing the shopper chose is lost.
 */
export async function ensureCartSession(
  current: CartSession | null,
  target: StartSessionInput,
  clientAddress: string | undefined,
  attributesOf?: SessionAttributesSource,
): Promise<CartSession & { notMoved: CartItem[] }> {
  if (
    current &&
    current.cart.countryCode === target.countryCode &&
    current.cart.storeGroupId === target.storeGroupId
  ) {
    return { ...current, notMoved: [] };
  }
  if (current && current.cart.items.length > 0) {
    return moveCart(current, target, clientAddress, attributesOf);
  }
  return { ...(await startCartSession(target, clientAddress, attributesOf)), notMoved: [] };
}

export interface AddToCartInput {
  productVariantId: string;
  productParentId: string;
  quantity: number;
  orderLimit: number | null;
  /** Variants added together with the parent line, following its quantity. */
  childVariantIds: readonly string[];
}

/**
 * Adds a variant (and its child items, each pointing at the parent line). The order limit is
 * checked here first (C§5: raised locally), and enforced again by the platform.
 *
 * A product goes in whole or not at all: when the platform refuses a child item (its stock ran
 * out), the parent line goes back to what it was (removed, or its earlier quantity with its child
 * lines) and the refusal is thrown, so that "not added" is true of the cart.
 */
export async function addToCart(session: CartSession, input: AddToCartInput): Promise<CartSession> {
  assertWithinOrderLimit({
    lines: session.cart.items.filter((item) => !isChildLine(item)),
    productParentId: input.productParentId,
    orderLimit: input.orderLimit,
    quantity: input.quantity,
  });
  const isParentLine = (item: Cart["items"][number]) =>
    item.productVariantId === input.productVariantId && !isChildLine(item);
  const before = session.cart.items.find(isParentLine);
  const client = shopperClient(session.token);
  let { cart } = await client.addItem({
    productVariantId: input.productVariantId,
    quantity: input.quantity,
    options: {},
  });
  const parentLine = cart.items.find(isParentLine);
  if (!parentLine) return { token: session.token, cart };
  try {
    for (const childVariantId of input.childVariantIds) {
      ({ cart } = await client.addItem({
        productVariantId: childVariantId,
        quantity: input.quantity,
        options: { parentItem: parentLine.id },
      }));
    }
  } catch (refusal) {
    try {
      if (before) {
        ({ cart } = await client.updateItem(parentLine.id, before.quantity));
        for (const child of childLineUpdates(cart.items, parentLine.id, before.quantity)) {
          ({ cart } = await client.updateItem(child.id, child.quantity));
        }
      } else {
        await client.removeItem(parentLine.id);
      }
    } catch {
      // The refusal is what the shopper is told either way; a line the undo could not take back
      // shows in the cart, as it is.
    }
    throw refusal;
  }
  return { token: session.token, cart };
}

/** Sets a line's quantity; its child lines follow (C§4). */
export async function setLineQuantity(
  session: CartSession,
  itemId: string,
  quantity: number,
): Promise<CartSession> {
  const line = session.cart.items.find((item) => item.id === itemId);
  if (line && !isChildLine(line)) {
    assertWithinOrderLimit({
      lines: session.cart.items.filter((item) => !isChildLine(item)),
      productParentId: line.productParentId,
      orderLimit: line.customAttributes.orderLimit,
      quantity,
      replacingLineId: line.id,
    });
  }
  const client = shopperClient(session.token);
  let { cart } = await client.updateItem(itemId, quantity);
  for (const child of childLineUpdates(cart.items, itemId, quantity)) {
    ({ cart } = await client.updateItem(child.id, child.quantity));
  }
  return { token: session.token, cart };
}

/**
 * Gives a line another size (C§4): one platform call swaps its variant, keeping its quantity,
 * its place and its child lines; a refused change leaves the cart as it was (ADR 0047).
 */
export async function changeLineSize(
  session: CartSession,
  itemId: string,
  productVariantId: string,
): Promise<CartSession> {
  const { cart } = await shopperClient(session.token).changeItemVariant(itemId, productVariantId);
  return { token: session.token, cart };
}

/** Removes a line; the platform removes its child lines with it. */
export async function removeLine(session: CartSession, itemId: string): Promise<CartSession> {
  const { cart } = await shopperClient(session.token).removeItem(itemId);
  return { token: session.token, cart };
}

/**
 * Moves a cart into a new session (C§4 market change; A§4 login into another store group): a new
 * session starts for the target with the shopper's attributes (A§4), every parent line is added
 * again, then every child line under its parent's new line. Lines the new session refuses (not
 * sold there, out of stock) are reported, not silently dropped.
 */
export async function moveCart(
  from: CartSession,
  target: StartSessionInput,
  clientAddress: string | undefined,
  attributesOf?: SessionAttributesSource,
): Promise<CartSession & { notMoved: CartItem[] }> {
  const started = await startCartSession(target, clientAddress, attributesOf);
  const client = shopperClient(started.token);
  let cart = started.cart;
  const notMoved: CartItem[] = [];
  const newLineIdOf = new Map<string, string>();

  for (const item of from.cart.items.filter((line) => !isChildLine(line))) {
    try {
      ({ cart } = await client.addItem({
        productVariantId: item.productVariantId,
        quantity: item.quantity,
        options: {},
      }));
      const moved = cart.items.find(
        (line) => line.productVariantId === item.productVariantId && !isChildLine(line),
      );
      if (moved) newLineIdOf.set(item.id, moved.id);
    } catch (error) {
      if (!isKassaApiError(error) || error.status >= 500) throw error;
      notMoved.push(item);
    }
  }
  for (const child of from.cart.items.filter(isChildLine)) {
    const parentItem = newLineIdOf.get(String(child.options.parentItem));
    if (!parentItem) continue; // its parent did not move, so neither does it
    try {
      ({ cart } = await client.addItem({
        productVariantId: child.productVariantId,
        quantity: child.quantity,
        options: { parentItem },
      }));
    } catch (error) {
      if (!isKassaApiError(error) || error.status >= 500) throw error;
      notMoved.push(child);
    }
  }
  return { token: started.token, cart, notMoved };
}
