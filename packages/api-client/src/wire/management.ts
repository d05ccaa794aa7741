/**
 * Wire shapes of the management API (orders) and its OAuth2 token endpoint (C§7, C§8, and the
 * platform contract's "Management API (orders) and OAuth"). The management API answers resources
 * as they are (no `{ data }` envelope); failures are the platform error body.
 */

import type { Order, OrderCustomState, OrderNote, OrderSummary } from "./orders.js";

/** Scopes of the management API's OAuth2 clients. */
export const MANAGEMENT_SCOPES = {
  /** Read orders, their notes, audit trail and operations, and the custom-state definitions. */
  orderRead: "order-management/order:read",
  /** Change custom states, add notes, and create and start releases, deliveries, compensations, cancellations. */
  orderWrite: "order-management/order:write",
  /**
   * Read the marketing contacts (C§3 contact record, with consents): personal data, so a client
   * that moves orders does not read them unless it is given this scope too.
   */
  contactRead: "marketing/contact:read",
  /** Set variant prices (`PUT /price/…`); storefronts hear `price-{productParentId}` (ADR 0025). */
  priceWrite: "price-management/price:write",
  /** Set variant stock levels (`PUT /stock/…`); storefronts hear `stock-{productParentId}`. */
  stockWrite: "stock-management/stock:write",
} as const;

/**
 * `PUT /price/product-variants/{variantId}/store-groups/{sg}/markets/{cc}`: a variant's price in
 * one store group and market, in minor units. `taxPercentage` (basis points) is needed when the
 * variant has no price there yet; left out, the one it has stays. Answers the `VariantPrice`.
 */
export interface SetVariantPriceInput {
  basePriceAmount: number;
  salePriceAmount: number;
  taxPercentage?: number;
}

/**
 * `PUT /stock/product-variants/{variantId}/markets/{cc}`: what the market's warehouse holds of a
 * variant. Answers the `VariantStock` (what checkouts hold is kept).
 */
export interface SetVariantStockInput {
  stockQuantity: number;
}

export type ManagementScope = (typeof MANAGEMENT_SCOPES)[keyof typeof MANAGEMENT_SCOPES];

/**
 * `POST /oauth2/token` (RFC 6749 §4.4): `Authorization: Basic base64(id:secret)`, form body
 * `grant_type=client_credentials` and an optional space-separated `scope` (default: every scope
 * the client has).
 */
export interface OAuthTokenReply {
  access_token: string;
  token_type: "Bearer";
  /** Seconds the token lives. */
  expires_in: number;
  /** The scopes granted, space-separated. */
  scope: string;
}

/** RFC 6749 §5.2 error answer of the token endpoint (400, or 401 for `invalid_client`). */
export interface OAuthErrorReply {
  error: "invalid_request" | "invalid_client" | "unsupported_grant_type" | "invalid_scope";
  error_description?: string;
}

/**
 * A custom-state definition (platform contract): informative states change nothing; blocking
 * states block the back-office steps they name while the order carries them.
 */
export interface CustomStateDefinition {
  id: string;
  type: "informative" | "blocking";
  /** The steps it blocks (empty for informative states). */
  blocks: OrderOperationKind[];
  description: string;
}

/** `GET /order/custom-states`. */
export interface CustomStateDefinitions {
  customStates: CustomStateDefinition[];
}

/** The two-step back-office operations, by their collection name under `/order/orders/{id}/`. */
export type OrderOperationKind = "releases" | "deliveries" | "compensations" | "cancellations";

/** `CREATED` until started; `SUCCESS` once it changed the order, `FAILED` when starting it was refused. */
export type OrderOperationState = "CREATED" | "SUCCESS" | "FAILED";

/** One line of a delivery: the order line's `position` (its index in `lines`) and how many. */
export interface DeliveryLine {
  position: number;
  quantity: number;
}

/**
 * A back-office operation (platform contract: "two-step (create, then start)"):
 * `POST /order/orders/{id}/{kind}` creates it, `POST /order/orders/{id}/{kind}/{operationId}/start`
 * carries it out.
 */
export interface OrderOperation {
  id: string;
  orderId: string;
  kind: OrderOperationKind;
  state: OrderOperationState;
  /** Deliveries: the lines and quantities delivered. */
  lines?: DeliveryLine[];
  /** Compensations: the amount refunded, minor units. */
  amount?: number;
  /** Why starting it failed (`FAILED`). */
  failureReason?: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  startedAt?: string;
}

/** Bodies of `POST /order/orders/{id}/{kind}`. */
export interface CreateDeliveryPayload {
  /** Left out: everything not delivered yet (a full delivery). */
  lines?: DeliveryLine[];
}

export interface CreateCompensationPayload {
  /** Minor units; left out: everything not compensated yet (a full compensation). */
  amount?: number;
}

/** An order as the management API reads it: the wrapper's order, its owner and its operations. */
export interface ManagementOrder extends Order {
  /** The account that placed it (`null` for a guest). */
  userId: string | null;
  operations: OrderOperation[];
}

/** `GET /order/orders` query: every filter optional, combined with AND. */
export interface ManagementOrderQuery {
  email?: string;
  merchantReference1?: string;
  merchantReference2?: string;
  reference?: string;
  /** Orders whose `orderStates` contain it. */
  orderState?: string;
  /** Orders whose custom states contain it. */
  customState?: string;
  /** @default 1 */
  page?: number;
  /** 1–100. @default 20 */
  per_page?: number;
}

/** `GET /order/orders`: newest first. */
export interface ManagementOrderPage {
  orders: OrderSummary[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

/** `PUT` / `DELETE /order/orders/{id}/custom-states/{stateId}` answer the states after. */
export interface ManagementCustomStates {
  customStates: OrderCustomState[];
}

/** `POST /order/orders/{id}/notes` answers `201` and the note. */
export type ManagementNote = OrderNote;
