import type { CartItemCustomAttributes, OrderLine, PlacedOrder } from "@kassa/api-client";
import { maskGiftCardCode } from "@kassa/domain";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  giftCardDraws,
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orders,
} from "../../db/schema.js";

export async function findOrderOfCheckout(
  db: Database,
  checkoutId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  return row;
}

export async function findOrder(db: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order line as every order answer carries it; `imageUrl` as stored unless given. */
export function orderLineOf(line: OrderLineRow, imageUrl: string = line.imageUrl): OrderLine {
  return {
    productVariantId: line.productVariantId,
    productParentId: line.productParentId,
    name: line.name,
    displayName: line.displayName,
    imageUrl,
    quantity: line.quantity,
    options: line.options,
    customAttributes: line.customAttributes as unknown as CartItemCustomAttributes,
    basePriceAmount: line.basePriceAmount,
    salePriceAmount: line.salePriceAmount,
    totalDiscountAmount: line.totalDiscountAmount,
    totalPriceAmount: line.totalPriceAmount,
    taxPercentage: line.taxPercentage,
  };
}

/** An order's totals as the checkout had them when it was paid (minor units). */
export function orderTotalsOf(order: OrderRow): PlacedOrder["totals"] {
  return {
    subTotal: order.subTotal,
    shippingTotal: order.shippingTotal,
    discountTotal: order.discountTotal,
    taxTotal: order.taxTotal,
    grandTotal: order.grandTotal,
    giftCardTotal: order.giftCardTotal,
    amountToPay: order.paidAmount,
  };
}

/** An order with its lines and gift cards, as a shopper sees it after paying. */
export async function placedOrderReply(db: Database, order: OrderRow): Promise<PlacedOrder> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const draws = await db
    .select()
    .from(giftCardDraws)
    .where(eq(giftCardDraws.orderId, order.id))
    .orderBy(asc(giftCardDraws.createdAt));
  return {
    id: order.id,
    reference: String(order.reference),
    placedAt: order.placedAt.toISOString(),
    orderStates: order.orderStates,
    customStates: order.customStates.map((id) => ({ id })),
    email: order.email,
    currencyCode: order.currencyCode,
    countryCode: order.countryCode,
    isTaxIncludedInPrice: order.isTaxIncludedInPrice,
    lines: lines.map((line) => orderLineOf(line)),
    discountCodes: order.discountCodes,
    giftCards: draws.map((draw) => ({
      name: maskGiftCardCode(draw.giftCardCode),
      amount: draw.amount,
    })),
    totals: orderTotalsOf(order),
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    payment: {
      provider: order.paymentProvider,
      reference: order.paymentReference,
      amount: order.paidAmount,
    },
    shippingProvider: order.shippingProvider,
    attributes: order.attributes,
  };
}
