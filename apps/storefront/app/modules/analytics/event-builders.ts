import type { CartItem, CartTotals, Product } from "@kassa/api-client";
import type {
  AnalyticsItem,
  EcommerceEvent,
  LoginEvent,
  SearchEvent,
  SignUpEvent,
  ValueParameters,
} from "./events";

/**
 * Pure builders of the analytics events (`events.ts`) from what the platform answered: the one
 * place where minor units become major units (C§9) and basis points a fraction, so no component
 * ever converts a price itself.
 */

/** C§9: analytics prices are minor units ÷ 100 (öre and cent to kronor and euro). */
export function majorUnits(minor: number): number {
  return Math.round(minor) / 100;
}

/** C§9: a tax percentage in basis points ÷ 10,000 (2500 → 0.25). */
export function taxRate(basisPoints: number): number {
  return basisPoints / 10_000;
}

/** A cart line or an order line: both carry the platform's confirmed amounts in minor units. */
export type PricedLine = Pick<
  CartItem,
  | "productVariantId"
  | "name"
  | "displayName"
  | "quantity"
  | "basePriceAmount"
  | "salePriceAmount"
  | "totalDiscountAmount"
  | "totalPriceAmount"
  | "taxPercentage"
> & { customAttributes: Pick<CartItem["customAttributes"], "parentName" | "color" | "size"> };

/** A cart as the builders read it: its currency, codes and lines. */
export interface PricedCart {
  currencyCode: string;
  discountCodes: readonly { code: string }[];
  items: readonly PricedLine[];
}

/** A placed order as `purchase` reads it: its number, lines and confirmed totals. */
export interface PricedOrder {
  reference: string;
  currencyCode: string;
  discountCodes: readonly { code: string }[];
  lines: readonly PricedLine[];
  totals: CartTotals;
}

function variantLabel(parts: (string | undefined)[]): string | undefined {
  const label = parts.filter(Boolean).join(" / ");
  return label || undefined;
}

function codesOf(discountCodes: readonly { code: string }[]): string | undefined {
  return discountCodes.length > 0 ? discountCodes.map(({ code }) => code).join(",") : undefined;
}

/**
 * A line as an item: the unit price actually charged (the line's total over its quantity, so a
 * sale price and a discount code are both in it) and the unit discount from the base price.
 * `quantity` overrides the line's own (an add of 2 to a line that now holds 5).
 */
export function lineItem(line: PricedLine, quantity: number = line.quantity): AnalyticsItem {
  const unitPaid = line.quantity > 0 ? line.totalPriceAmount / line.quantity : line.salePriceAmount;
  const unitDiscount = Math.max(0, line.basePriceAmount - Math.round(unitPaid));
  return {
    item_id: line.productVariantId,
    item_name: line.customAttributes.parentName || line.name,
    item_variant: variantLabel([line.customAttributes.color, line.customAttributes.size]),
    price: majorUnits(unitPaid),
    ...(unitDiscount > 0 ? { discount: majorUnits(unitDiscount) } : {}),
    quantity,
    tax_rate: taxRate(line.taxPercentage),
  };
}

/** The money of a set of items: the sum of what each costs, counted in minor units. */
function itemsValue(items: readonly AnalyticsItem[]): number {
  const minor = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return majorUnits(minor);
}

function withValue(currency: string, items: AnalyticsItem[], coupon?: string): ValueParameters {
  return { currency, value: itemsValue(items), items, ...(coupon ? { coupon } : {}) };
}

export interface ViewedProduct {
  product: { name: string; brand?: string };
  variant: { id: string; name?: string; color?: string; size?: string } | null;
  price: { basePriceAmount: number; salePriceAmount: number; currencyCode: string } | null;
}

/** `view_item`: the product page, for the variant it shows; null while it has no price here. */
export function viewItemEvent({ product, variant, price }: ViewedProduct): EcommerceEvent | null {
  if (!variant || !price) return null;
  const discount = price.basePriceAmount - price.salePriceAmount;
  const item: AnalyticsItem = {
    item_id: variant.id,
    item_name: product.name,
    ...(product.brand ? { item_brand: product.brand } : {}),
    item_variant: variantLabel([variant.color, variant.size]) ?? variant.name,
    price: majorUnits(price.salePriceAmount),
    ...(discount > 0 ? { discount: majorUnits(discount) } : {}),
    quantity: 1,
  };
  return { event: "view_item", ecommerce: withValue(price.currencyCode, [item]) };
}

/** `add_to_cart` / `remove_from_cart`: `quantity` of a cart line, at the price the cart confirmed. */
export function cartChangeEvent(
  name: "add_to_cart" | "remove_from_cart",
  cart: Pick<PricedCart, "currencyCode" | "discountCodes">,
  line: PricedLine,
  quantity: number,
): EcommerceEvent {
  return {
    event: name,
    ecommerce: withValue(
      cart.currencyCode,
      [lineItem(line, quantity)],
      codesOf(cart.discountCodes),
    ),
  };
}

/**
 * `add_to_cart` of `quantity` of a variant, priced by the cart the platform answered after the
 * add (its parent line, not a child item's); null when the cart has no such line.
 */
export function addedToCartEvent(
  cart: Omit<PricedCart, "items"> & {
    items: readonly (PricedLine & { options?: { parentItem?: string } })[];
  },
  productVariantId: string,
  quantity: number,
): EcommerceEvent | null {
  const line = cart.items.find(
    (item) => item.productVariantId === productVariantId && !item.options?.parentItem,
  );
  return line ? cartChangeEvent("add_to_cart", cart, line, quantity) : null;
}

/** A variant and how many of it went into the cart in one post (a quick order, order again). */
export interface AddedLine {
  productVariantId: string;
  quantity: number;
}

/**
 * One `add_to_cart` of several lines put in at once, each priced by its parent line in the cart
 * the platform answered; null when none of them is in it.
 */
export function linesAddedEvent(
  cart: Omit<PricedCart, "items"> & {
    items: readonly (PricedLine & { options?: { parentItem?: string } })[];
  },
  added: readonly AddedLine[],
): EcommerceEvent | null {
  const items = added.flatMap(({ productVariantId, quantity }) => {
    const line = cart.items.find(
      (item) => item.productVariantId === productVariantId && !item.options?.parentItem,
    );
    return line ? [lineItem(line, quantity)] : [];
  });
  if (items.length === 0) return null;
  return {
    event: "add_to_cart",
    ecommerce: withValue(cart.currencyCode, items, codesOf(cart.discountCodes)),
  };
}

/** `view_cart` and `begin_checkout`: every line of the cart as the platform priced it. */
export function cartEvent(name: "view_cart" | "begin_checkout", cart: PricedCart): EcommerceEvent {
  return { event: name, ecommerce: cartValue(cart) };
}

function cartValue(cart: PricedCart): ValueParameters {
  const items = cart.items.map((line) => lineItem(line));
  return withValue(cart.currencyCode, items, codesOf(cart.discountCodes));
}

/** `add_payment_info`: the checkout's lines and the provider that will take the payment. */
export function paymentInfoEvent(cart: PricedCart, paymentType: string): EcommerceEvent {
  return {
    event: "add_payment_info",
    ecommerce: { ...cartValue(cart), payment_type: paymentType },
  };
}

/** `purchase`: the placed order's own totals (server-confirmed), keyed by its order number. */
export function purchaseEvent(order: PricedOrder): Extract<EcommerceEvent, { event: "purchase" }> {
  const coupon = codesOf(order.discountCodes);
  return {
    event: "purchase",
    ecommerce: {
      transaction_id: order.reference,
      currency: order.currencyCode,
      value: majorUnits(order.totals.grandTotal),
      tax: majorUnits(order.totals.taxTotal),
      shipping: majorUnits(order.totals.shippingTotal),
      items: order.lines.map((line) => lineItem(line)),
      ...(coupon ? { coupon } : {}),
    },
  };
}

export interface ListedProducts {
  id: string;
  name: string;
  products: readonly Pick<Product, "id" | "name" | "brand" | "variants" | "price">[];
}

/** A listed product as an item: its first variant stands for it, at the list's lowest price. */
function listItem(
  list: ListedProducts,
  product: ListedProducts["products"][number],
  index: number,
): AnalyticsItem {
  const price = product.price;
  const discount = price ? price.basePriceAmount - price.salePriceAmount : 0;
  return {
    item_id: product.variants[0]?.id ?? product.id,
    item_name: product.name,
    ...(product.brand ? { item_brand: product.brand } : {}),
    item_list_id: list.id,
    item_list_name: list.name,
    index,
    price: price ? majorUnits(price.salePriceAmount) : 0,
    ...(discount > 0 ? { discount: majorUnits(discount) } : {}),
    quantity: 1,
  };
}

/** `view_item_list`: a category page or search results as shown. */
export function viewItemListEvent(list: ListedProducts): EcommerceEvent {
  return {
    event: "view_item_list",
    ecommerce: {
      item_list_id: list.id,
      item_list_name: list.name,
      items: list.products.map((product, index) => listItem(list, product, index)),
    },
  };
}

/** `select_item`: the product the shopper opened from a list; null when it is not in the list. */
export function selectItemEvent(list: ListedProducts, productId: string): EcommerceEvent | null {
  const index = list.products.findIndex((product) => product.id === productId);
  const product = list.products[index];
  if (!product) return null;
  return {
    event: "select_item",
    ecommerce: {
      item_list_id: list.id,
      item_list_name: list.name,
      items: [listItem(list, product, index)],
    },
  };
}

/** `add_to_wishlist`: a product (and the colour chosen, when the entry names one). */
export function addToWishlistEvent(
  product: Pick<Product, "id" | "name" | "brand" | "variants" | "price">,
  variantId?: string,
): EcommerceEvent | null {
  const price = product.price;
  if (!price) return null;
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  const discount = price.basePriceAmount - price.salePriceAmount;
  const item: AnalyticsItem = {
    item_id: variant?.id ?? product.variants[0]?.id ?? product.id,
    item_name: product.name,
    ...(product.brand ? { item_brand: product.brand } : {}),
    ...(variant?.color ? { item_variant: variant.color } : {}),
    price: majorUnits(price.salePriceAmount),
    ...(discount > 0 ? { discount: majorUnits(discount) } : {}),
    quantity: 1,
  };
  return { event: "add_to_wishlist", ecommerce: withValue(price.currencyCode, [item]) };
}

export function searchEvent(term: string): SearchEvent | null {
  const searchTerm = term.trim();
  return searchTerm ? { event: "search", search_term: searchTerm } : null;
}

/** `sign_up` and `login` name how: the shop's own email and password form. */
export function signUpEvent(method = "email"): SignUpEvent {
  return { event: "sign_up", method };
}

export function loginEvent(method = "email"): LoginEvent {
  return { event: "login", method };
}
