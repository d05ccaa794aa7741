import {
  type CallOptions,
  createRequester,
  type RequesterOptions,
  type RetryPolicy,
  segment,
} from "./request.js";
import type {
  AddDiscountCodeInput,
  GiftCardProductAdded,
  GiftCardProductInput,
} from "./wire/checkout.js";
import type { CountryCode } from "./wire/common.js";
import type {
  AddItemInput,
  CartReply,
  ChangeItemVariantInput,
  ItemAdded,
  ProductParentPrices,
  ProductParentStocks,
  SessionAttributes,
  SessionCustomerReply,
  SessionStarted,
  SessionState,
  SetSessionCustomerInput,
  StartSessionInput,
  StoreGroupMarkets,
} from "./wire/shopper.js";

export interface ShopperClientOptions {
  /** Origin of the shopper API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** The shopper session (cart) token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /** Headers sent with every call. */
  headers?: Record<string, string>;
  /**
   * The shopper's IP address, sent as `x-forwarded-for`: the platform limits session starts per
   * address, and a storefront server would otherwise be every shopper at once.
   */
  forwardedFor?: string;
  /**
   * The shop's own credential, sent as `Kassa-Storefront-Token` with every call
   * (`RequesterOptions.storefrontToken`): a storefront's server sends it, a browser never does.
   */
  storefrontToken?: string;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
}

export interface ProductParentMarketQuery {
  productParentId: string;
  storeGroupId: string;
  countryCode: CountryCode;
}

/** The shopper API (C§7): session, cart, prices, stock and markets. */
export interface ShopperClient {
  /**
   * `POST /shopper/sessions/start`: a new session (token, empty cart, capabilities). Sent with an
   * `Idempotency-Key`, so a retry after a lost answer gets the same session back instead of
   * leaving an orphaned cart behind.
   */
  startSession(input: StartSessionInput, options?: CallOptions): Promise<SessionStarted>;
  /** `GET /shopper/sessions`: the session of the token. */
  getSession(options?: CallOptions): Promise<SessionState>;
  /**
   * `POST /shopper/sessions/rotate` (Kassa's platform, issue 38): the same session and cart under
   * a new token; the token that asked, and every checkout token made from it, are refused (401)
   * from then on. A storefront calls it at login, so a cart token planted or copied before the
   * login opens nothing after it. Never retried and sent without an `Idempotency-Key`: its
   * answer is a credential, which the platform does not store for replays.
   */
  rotateSession(options?: CallOptions): Promise<SessionStarted>;
  /**
   * `PATCH /shopper/sessions/attributes`: company attributes and merchantReference1. It
   * replaces the keys it sends, so a repeat is harmless, but PATCH is not retried by default: it
   * is sent with an `Idempotency-Key` so a lost answer is retried, and the server can replay
   * instead of adding a cart revision.
   */
  setAttributes(attributes: SessionAttributes, options?: CallOptions): Promise<CartReply>;
  /**
   * `PUT /shopper/sessions/customer`: links the session to the logged-in user (their access token
   * proves who they are) and one of their companies, so the order placed from it is theirs (ADR
   * 0012). Setting the same link again changes nothing, so it is retried like any PUT.
   */
  setCustomer(input: SetSessionCustomerInput, options?: CallOptions): Promise<SessionCustomerReply>;
  /** `DELETE /shopper/sessions/customer`: the session belongs to nobody (a visitor's checkout). */
  clearCustomer(options?: CallOptions): Promise<SessionCustomerReply>;
  /**
   * `POST /shopper/sessions/items`. Sent with an `Idempotency-Key`: adding merges into a line
   * with the same variant, so a plain resend would double the quantity.
   */
  addItem(input: AddItemInput, options?: CallOptions): Promise<ItemAdded>;
  /** `PUT /shopper/sessions/items/{id}`. Retried as is: setting a quantity twice sets it once. */
  updateItem(itemId: string, quantity: number, options?: CallOptions): Promise<CartReply>;
  /**
   * `PUT /shopper/sessions/items/{id}/variant`: the line takes another variant of its product (a
   * size change, C§4), keeping its quantity and child lines, in one change of the cart. Kassa's
   * platform has it; the real shopper API has no such call (there it answers 404). Sent with an
   * `Idempotency-Key`: when the line joins one already holding that variant it is gone, and a
   * resend would answer 404 for it instead of the cart.
   */
  changeItemVariant(
    itemId: string,
    productVariantId: string,
    options?: CallOptions,
  ): Promise<CartReply>;
  /**
   * `DELETE /shopper/sessions/items/{id}`. Sent with an `Idempotency-Key`: DELETE is retried
   * anyway, and the key lets the server answer a retry with the cart instead of a 404 for the line
   * the first try already removed.
   */
  removeItem(itemId: string, options?: CallOptions): Promise<CartReply>;
  /**
   * `POST /shopper/sessions/discount-codes`: adds a discount code; answers the updated cart. A
   * refused code throws an `HttpError` whose message is one of `DISCOUNT_CODE_ERRORS` (C§8). Sent
   * with an `Idempotency-Key`, so a retry after a lost answer gets the cart, not
   * `ALREADY_ADDED_DISCOUNT_CODE`.
   */
  addDiscountCode(discountCode: string, options?: CallOptions): Promise<CartReply>;
  /**
   * `DELETE /shopper/sessions/discount-codes/{code}`: takes a code off the cart; answers the
   * updated cart. Sent with an `Idempotency-Key`, so a retry gets the cart instead of a 404 for
   * the code the first try already removed.
   */
  removeDiscountCode(discountCode: string, options?: CallOptions): Promise<CartReply>;
  /**
   * `POST /shopper-retain24/gift-card-products`: puts a gift card to buy in the cart (one line,
   * quantity 1); answers the gift-card product and the updated cart. Refused input (amount out of
   * limits, a bad email, an unknown design) throws an `HttpError` with status 400. Sent with an
   * `Idempotency-Key`, so a retry after a lost answer does not add a second card.
   */
  addGiftCardProduct(
    input: GiftCardProductInput,
    options?: CallOptions,
  ): Promise<GiftCardProductAdded>;
  /**
   * `DELETE /shopper-retain24/gift-card-products/{id}`: takes the gift card out of the cart;
   * answers the updated cart. Sent with an `Idempotency-Key`, so a retry gets the cart instead of
   * a 404 for the card the first try already removed.
   */
  removeGiftCardProduct(id: string, options?: CallOptions): Promise<CartReply>;
  /** `GET /shopper/prices/product-parents/{id}/store-groups/{sg}/markets/{cc}`. */
  getPrices(query: ProductParentMarketQuery, options?: CallOptions): Promise<ProductParentPrices>;
  /** `GET /shopper/stocks/product-parents/{id}/store-groups/{sg}/markets/{cc}`. */
  getStocks(query: ProductParentMarketQuery, options?: CallOptions): Promise<ProductParentStocks>;
  /** `GET /shopper/store-groups/{sg}/markets`. */
  getMarkets(storeGroupId: string, options?: CallOptions): Promise<StoreGroupMarkets>;
  /** A client like this one that sends another token (e.g. the one `startSession` answered). */
  withToken(token: string | undefined): ShopperClient;
}

function productParentPath(kind: "prices" | "stocks", query: ProductParentMarketQuery): string {
  return `/shopper/${kind}/product-parents/${segment(query.productParentId)}/store-groups/${segment(
    query.storeGroupId,
  )}/markets/${segment(query.countryCode)}`;
}

/**
 * Creates a shopper API client for one session token. Create one per request on a server.
 *
 * @example
 * const shopper = createShopperClient({ baseUrl: env.SHOPPER_URL, token: cookies.cartToken });
 * const { cart } = await shopper.updateItem(itemId, 2);
 */
export function createShopperClient(options: ShopperClientOptions): ShopperClient {
  const { token } = options;
  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: {
      ...options.headers,
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    storefrontToken: options.storefrontToken,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: () => (token ? `Bearer ${token}` : undefined),
  });

  return {
    startSession: (input, call) =>
      request<SessionStarted>("POST", "/shopper/sessions/start", {
        body: input,
        idempotent: true,
        ...call,
      }),
    getSession: (call) => request<SessionState>("GET", "/shopper/sessions", { ...call }),
    rotateSession: (call) =>
      request<SessionStarted>("POST", "/shopper/sessions/rotate", { ...call }),
    setCustomer: (input, call) =>
      request<SessionCustomerReply>("PUT", "/shopper/sessions/customer", { body: input, ...call }),
    clearCustomer: (call) =>
      request<SessionCustomerReply>("DELETE", "/shopper/sessions/customer", { ...call }),
    setAttributes: (attributes, call) =>
      request<CartReply>("PATCH", "/shopper/sessions/attributes", {
        body: attributes,
        idempotent: true,
        ...call,
      }),
    addItem: (input, call) =>
      request<ItemAdded>("POST", "/shopper/sessions/items", {
        body: input,
        idempotent: true,
        ...call,
      }),
    updateItem: (itemId, quantity, call) =>
      request<CartReply>("PUT", `/shopper/sessions/items/${segment(itemId)}`, {
        body: { quantity },
        ...call,
      }),
    changeItemVariant: (itemId, productVariantId, call) =>
      request<CartReply>("PUT", `/shopper/sessions/items/${segment(itemId)}/variant`, {
        body: { productVariantId } satisfies ChangeItemVariantInput,
        idempotent: true,
        ...call,
      }),
    removeItem: (itemId, call) =>
      request<CartReply>("DELETE", `/shopper/sessions/items/${segment(itemId)}`, {
        idempotent: true,
        ...call,
      }),
    addDiscountCode: (discountCode, call) =>
      request<CartReply>("POST", "/shopper/sessions/discount-codes", {
        body: { discountCode } satisfies AddDiscountCodeInput,
        idempotent: true,
        ...call,
      }),
    removeDiscountCode: (discountCode, call) =>
      request<CartReply>("DELETE", `/shopper/sessions/discount-codes/${segment(discountCode)}`, {
        idempotent: true,
        ...call,
      }),
    addGiftCardProduct: (input, call) =>
      request<GiftCardProductAdded>("POST", "/shopper-retain24/gift-card-products", {
        body: input,
        idempotent: true,
        ...call,
      }),
    removeGiftCardProduct: (id, call) =>
      request<CartReply>("DELETE", `/shopper-retain24/gift-card-products/${segment(id)}`, {
        idempotent: true,
        ...call,
      }),
    getPrices: (query, call) =>
      request<ProductParentPrices>("GET", productParentPath("prices", query), { ...call }),
    getStocks: (query, call) =>
      request<ProductParentStocks>("GET", productParentPath("stocks", query), { ...call }),
    getMarkets: (storeGroupId, call) =>
      request<StoreGroupMarkets>("GET", `/shopper/store-groups/${segment(storeGroupId)}/markets`, {
        ...call,
      }),
    withToken: (next) => createShopperClient({ ...options, token: next }),
  };
}
