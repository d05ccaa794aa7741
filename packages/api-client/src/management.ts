import { isKassaApiError, OAuthError } from "./errors.js";
import {
  type CallOptions,
  createRequester,
  type Requester,
  type RequesterOptions,
  type RetryPolicy,
  segment,
} from "./request.js";
import type { CountryCode } from "./wire/common.js";
import type {
  CreateCompensationPayload,
  CreateDeliveryPayload,
  CustomStateDefinitions,
  DeliveryLine,
  ManagementCustomStates,
  ManagementNote,
  ManagementOrder,
  ManagementOrderPage,
  ManagementOrderQuery,
  ManagementScope,
  OAuthTokenReply,
  OrderOperation,
  OrderOperationKind,
  SetVariantPriceInput,
  SetVariantStockInput,
} from "./wire/management.js";
import type { VariantPrice, VariantStock } from "./wire/shopper.js";

/**
 * The management API client (orders), authenticated with OAuth2 client credentials (C§7, C§8,
 * platform contract). The token is fetched on the first call, kept for its lifetime (renewed a
 * little before it ends), and shared by concurrent calls; an answer of 401 or 403 fetches a new
 * one and retries the call once (C§8). A token that cannot be had is an `OAuthError`, 'OAuth2
 * failed, cannot retry.'. The token lives in the client instance only: create a client per back
 * office (or per use on a server), never one per module.
 */

export interface ManagementClientOptions {
  /** Origin of the management API, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /**
   * The OAuth2 token endpoint.
   * @default `${baseUrl}/oauth2/token`
   */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for; left out, the token endpoint grants every scope the client has. */
  scopes?: readonly ManagementScope[];
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** @default { limit: 3, delayMs: 500 } */
  retry?: Partial<RetryPolicy>;
  /** Headers sent with every management call (not to the token endpoint). */
  headers?: Record<string, string>;
  /** Waits between retries; injectable for tests. */
  sleep?: RequesterOptions["sleep"];
  /** The deadline of every call in milliseconds, over its retries (`RequesterOptions.timeout`). */
  timeout?: RequesterOptions["timeout"];
  /**
   * The clock the token's lifetime is judged by, in milliseconds; injectable for tests.
   * @default Date.now
   */
  now?: () => number;
}

/** A token is renewed this long before it ends, so a call never leaves with one about to. */
export const TOKEN_RENEWAL_MARGIN_MS = 30_000;

export interface ManagementClient {
  /** `GET /order/orders/{id}`: the order, its owner, notes, audit trail and operations. */
  getOrder(orderId: string, options?: CallOptions): Promise<ManagementOrder>;
  /** `GET /order/orders`: summaries, newest first, paged and filtered. */
  listOrders(query?: ManagementOrderQuery, options?: CallOptions): Promise<ManagementOrderPage>;
  /** `GET /order/custom-states`: the definitions (informative or blocking). */
  getCustomStates(options?: CallOptions): Promise<CustomStateDefinitions>;
  /** `PUT /order/orders/{id}/custom-states/{stateId}`: the states after (no-op when present). */
  addCustomState(
    orderId: string,
    stateId: string,
    options?: CallOptions,
  ): Promise<ManagementCustomStates>;
  /** `DELETE /order/orders/{id}/custom-states/{stateId}`: the states after (no-op when absent). */
  removeCustomState(
    orderId: string,
    stateId: string,
    options?: CallOptions,
  ): Promise<ManagementCustomStates>;
  /** `POST /order/orders/{id}/notes {text}`, with an `Idempotency-Key`: one note however often it is retried. */
  addNote(orderId: string, text: string, options?: CallOptions): Promise<ManagementNote>;
  /** `POST /order/orders/{id}/{kind}`: creates an operation (`CREATED`). */
  createOperation(
    orderId: string,
    kind: OrderOperationKind,
    body?: CreateDeliveryPayload | CreateCompensationPayload,
    options?: CallOptions,
  ): Promise<OrderOperation>;
  /** `POST /order/orders/{id}/{kind}/{operationId}/start`: carries it out (`SUCCESS`, or 409). */
  startOperation(
    orderId: string,
    kind: OrderOperationKind,
    operationId: string,
    options?: CallOptions,
  ): Promise<OrderOperation>;
  /** Creates and starts a release. */
  release(orderId: string): Promise<OrderOperation>;
  /** Creates and starts a delivery: of `lines`, or of everything not delivered yet. */
  deliver(orderId: string, lines?: DeliveryLine[]): Promise<OrderOperation>;
  /** Creates and starts a compensation: of `amount` (minor units), or of everything left. */
  compensate(orderId: string, amount?: number): Promise<OrderOperation>;
  /** Creates and starts a cancellation. */
  cancel(orderId: string): Promise<OrderOperation>;
  /**
   * `PUT /price/product-variants/{variantId}/store-groups/{sg}/markets/{cc}` (scope
   * `price-management/price:write`): sets a variant's price; storefronts drop the cached prices.
   */
  setPrice(
    where: { productVariantId: string; storeGroupId: string; countryCode: CountryCode },
    price: SetVariantPriceInput,
    options?: CallOptions,
  ): Promise<VariantPrice>;
  /**
   * `PUT /stock/product-variants/{variantId}/markets/{cc}` (scope `stock-management/stock:write`):
   * sets a variant's stock level; storefronts drop the cached stock.
   */
  setStock(
    where: { productVariantId: string; countryCode: CountryCode },
    stock: SetVariantStockInput,
    options?: CallOptions,
  ): Promise<VariantStock>;
}

/**
 * Creates a management client.
 *
 * @example
 * const management = createManagementClient({
 *   baseUrl: "http://localhost:4000",
 *   clientId: "kassa-back-office",
 *   clientSecret: process.env.KASSA_BACK_OFFICE_SECRET!,
 * });
 * await management.addCustomState(orderId, "awaiting_customer_action");
 * await management.release(orderId);
 */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  const now = options.now ?? Date.now;
  const tokenUrl = options.tokenUrl ?? `${options.baseUrl.replace(/\/+$/, "")}/oauth2/token`;
  const basic = btoa(
    `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
  );
  const tokenEndpoint = new URL(tokenUrl);
  const tokenRequester: Requester = createRequester({
    baseUrl: tokenEndpoint.origin,
    fetch: options.fetch,
    retry: options.retry,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: () => `Basic ${basic}`,
  });

  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const askedAt = now();
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (options.scopes?.length) form.set("scope", options.scopes.join(" "));
    try {
      // Asking again for a token creates nothing, so a lost answer may be retried.
      const reply = await tokenRequester<OAuthTokenReply>(
        "POST",
        `${tokenEndpoint.pathname}${tokenEndpoint.search}`,
        { body: form, idempotent: true },
      );
      if (typeof reply.access_token !== "string" || !reply.access_token) {
        throw new TypeError("The token endpoint answered no access_token");
      }
      const lifetimeMs = Math.max(0, Number(reply.expires_in) || 0) * 1000;
      current = {
        token: reply.access_token,
        renewAt: askedAt + lifetimeMs - TOKEN_RENEWAL_MARGIN_MS,
      };
      return reply.access_token;
    } catch (cause) {
      current = undefined;
      throw new OAuthError({
        status: isKassaApiError(cause) ? cause.status : 401,
        method: "POST",
        url: tokenUrl,
        body: isKassaApiError(cause) ? cause.body : undefined,
        cause,
      });
    }
  }

  /** The token to use: the current one while it lasts, else one new one for every caller waiting. */
  function token({ renew = false } = {}): Promise<string> {
    if (!renew && current && now() < current.renewAt) return Promise.resolve(current.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  const request = createRequester({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
    retry: options.retry,
    headers: options.headers,
    sleep: options.sleep,
    timeout: options.timeout,
    authorization: async () => `Bearer ${await token()}`,
    // C§8: 401 or 403 refreshes the token and retries once; a failed refresh is an OAuthError.
    onUnauthorized: async () => {
      await token({ renew: true });
      return true;
    },
  });

  const orderPath = (orderId: string) => `/order/orders/${segment(orderId)}`;
  const statePath = (orderId: string, stateId: string) =>
    `${orderPath(orderId)}/custom-states/${segment(stateId)}`;

  const client: ManagementClient = {
    getOrder: (orderId, call) => request<ManagementOrder>("GET", orderPath(orderId), { ...call }),
    listOrders: (query = {}, call) =>
      request<ManagementOrderPage>("GET", "/order/orders", { query: { ...query }, ...call }),
    getCustomStates: (call) =>
      request<CustomStateDefinitions>("GET", "/order/custom-states", { ...call }),
    addCustomState: (orderId, stateId, call) =>
      request<ManagementCustomStates>("PUT", statePath(orderId, stateId), { ...call }),
    removeCustomState: (orderId, stateId, call) =>
      request<ManagementCustomStates>("DELETE", statePath(orderId, stateId), { ...call }),
    addNote: (orderId, text, call) =>
      request<ManagementNote>("POST", `${orderPath(orderId)}/notes`, {
        body: { text },
        idempotent: true,
        ...call,
      }),
    createOperation: (orderId, kind, body = {}, call) =>
      request<OrderOperation>("POST", `${orderPath(orderId)}/${segment(kind)}`, {
        body,
        idempotent: true,
        ...call,
      }),
    startOperation: (orderId, kind, operationId, call) =>
      request<OrderOperation>(
        "POST",
        `${orderPath(orderId)}/${segment(kind)}/${segment(operationId)}/start`,
        { idempotent: true, ...call },
      ),
    release: (orderId) => both(orderId, "releases"),
    deliver: (orderId, lines) => both(orderId, "deliveries", lines ? { lines } : {}),
    compensate: (orderId, amount) =>
      both(orderId, "compensations", amount === undefined ? {} : { amount }),
    cancel: (orderId) => both(orderId, "cancellations"),
    // Setting the same price or stock twice sets it once: retried like any PUT.
    setPrice: ({ productVariantId, storeGroupId, countryCode }, price, call) =>
      request<VariantPrice>(
        "PUT",
        `/price/product-variants/${segment(productVariantId)}/store-groups/${segment(storeGroupId)}/markets/${segment(countryCode)}`,
        { body: price, ...call },
      ),
    setStock: ({ productVariantId, countryCode }, stock, call) =>
      request<VariantStock>(
        "PUT",
        `/stock/product-variants/${segment(productVariantId)}/markets/${segment(countryCode)}`,
        { body: stock, ...call },
      ),
  };

  async function both(
    orderId: string,
    kind: OrderOperationKind,
    body: CreateDeliveryPayload | CreateCompensationPayload = {},
  ): Promise<OrderOperation> {
    const created = await client.createOperation(orderId, kind, body);
    return client.startOperation(orderId, kind, created.id);
  }

  return client;
}
