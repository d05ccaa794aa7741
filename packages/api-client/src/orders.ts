import { type CallOptions, createUserRequester, type UserClientOptions } from "./request.js";
import type {
  ChangeOrderCustomStatePayload,
  CustomStateChanged,
  OrderNoteAdded,
  OrderSummaries,
  OrdersByRefPayload,
  OrdersPage,
  OrdersPagePayload,
  OrderWithAccess,
} from "./wire/orders.js";

/**
 * The order calls of the account pages (C§7 Orders): the `/brink/*` wrapper, as the logged-in
 * user. The server answers only orders that user may see; any other order is a 404 (`HttpError`
 * with `status: 404`), whether it exists or not.
 */

/** `baseUrl` is the origin of the `/brink` wrapper. */
export type OrdersClientOptions = UserClientOptions;

export interface OrdersClient {
  /** `POST /brink/get-orders-by-email/ {email}`: orders placed with the user's email, newest first. */
  getOrdersByEmail(email: string, options?: CallOptions): Promise<OrderSummaries>;
  /**
   * `POST /brink/get-orders-by-ref/ {ref, source, email?}`: a company's orders (`ref1`, the
   * organisation number), a user's (`ref2`, the user id), or one order by number (`order`).
   */
  getOrdersByRef(payload: OrdersByRefPayload, options?: CallOptions): Promise<OrderSummaries>;
  /**
   * `POST /brink/get-orders-page/ {lookups, status?, companyId?, q?, page?, pageSize?}`: one page
   * of the order list. The server merges the lookups (each order once), filters, counts and pages
   * them, so the cost does not grow with the history; lookups the user may not make add nothing
   * (their indexes are in `refused`).
   */
  getOrdersPage(payload: OrdersPagePayload, options?: CallOptions): Promise<OrdersPage>;
  /** `POST /brink/get-order-by-id/ {orderId}`: the order and how the user relates to it. */
  getOrderById(orderId: string, options?: CallOptions): Promise<OrderWithAccess>;
  /**
   * `POST /brink/change-order-custom-state/ {orderId, stateId, type}`. Adding a present state or
   * removing an absent one is a no-op on the server, so the call is retried like a PUT.
   */
  changeOrderCustomState(
    payload: ChangeOrderCustomStatePayload,
    options?: CallOptions,
  ): Promise<CustomStateChanged>;
  /**
   * `POST /brink/add-order-note/ {orderId, text}`. Sent with an `Idempotency-Key`, so a retry after
   * a lost answer does not write the note twice; pass the form's own key to make a double submit
   * one note.
   */
  addOrderNote(orderId: string, text: string, options?: CallOptions): Promise<OrderNoteAdded>;
}

/** The wrapper answers `{ data }` (C§7). */
interface Envelope<T> {
  data: T;
}

/**
 * Creates the order client of one logged-in user. Create one per request on a server.
 *
 * @example
 * const orders = createOrdersClient({ baseUrl, accessToken });
 * const { order, access } = await orders.getOrderById(params.id);
 */
export function createOrdersClient(options: OrdersClientOptions): OrdersClient {
  const request = createUserRequester(options);
  /** A lookup: a POST by the spec's design that changes nothing, retried as a read. */
  async function read<T>(path: string, body: unknown, call: CallOptions = {}): Promise<T> {
    const reply = await request<Envelope<T>>("POST", path, { body, readOnly: true, ...call });
    return reply.data;
  }
  /** A change: retried only with an `Idempotency-Key`, so a repeat is answered from the store. */
  async function change<T>(path: string, body: unknown, call: CallOptions = {}): Promise<T> {
    const reply = await request<Envelope<T>>("POST", path, { body, idempotent: true, ...call });
    return reply.data;
  }

  return {
    getOrdersByEmail: (email, options) =>
      read<OrderSummaries>("/brink/get-orders-by-email/", { email }, options),
    getOrdersByRef: (payload, options) =>
      read<OrderSummaries>("/brink/get-orders-by-ref/", payload, options),
    getOrdersPage: (payload, options) =>
      read<OrdersPage>("/brink/get-orders-page/", payload, options),
    getOrderById: (orderId, options) =>
      read<OrderWithAccess>("/brink/get-order-by-id/", { orderId }, options),
    changeOrderCustomState: (payload, options) =>
      change<CustomStateChanged>("/brink/change-order-custom-state/", payload, options),
    addOrderNote: (orderId, text, options) =>
      change<OrderNoteAdded>("/brink/add-order-note/", { orderId, text }, options),
  };
}
