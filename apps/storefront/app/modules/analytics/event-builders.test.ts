import { describe, expect, it } from "vitest";
import {
  addToWishlistEvent,
  cartChangeEvent,
  cartEvent,
  lineItem,
  linesAddedEvent,
  majorUnits,
  type PricedLine,
  paymentInfoEvent,
  purchaseEvent,
  searchEvent,
  selectItemEvent,
  taxRate,
  viewItemEvent,
  viewItemListEvent,
} from "./event-builders";

/** A line of 2 × 199.50 kr, base 249.50, 25 % VAT: every amount in minor units, as the platform sends. */
const line: PricedLine = {
  productVariantId: "var-blue-m",
  name: "Ulltröja Blå M",
  displayName: "Ulltröja",
  quantity: 2,
  basePriceAmount: 24_950,
  salePriceAmount: 19_950,
  totalDiscountAmount: 0,
  totalPriceAmount: 39_900,
  taxPercentage: 2500,
  customAttributes: { parentName: "Ulltröja", color: "Blå", size: "M" },
};
const cart = {
  currencyCode: "SEK",
  discountCodes: [] as { code: string }[],
  items: [line],
};

describe("C§9 amounts", () => {
  it("turns minor units into major units and basis points into a fraction", () => {
    expect(majorUnits(19_950)).toBe(199.5);
    expect(majorUnits(1)).toBe(0.01);
    expect(majorUnits(0)).toBe(0);
    expect(taxRate(2500)).toBe(0.25);
    expect(taxRate(1400)).toBe(0.14);
  });
});

describe("lineItem", () => {
  it("names the variant and prices a unit in major units, with its discount from the base price", () => {
    expect(lineItem(line)).toEqual({
      item_id: "var-blue-m",
      item_name: "Ulltröja",
      item_variant: "Blå / M",
      price: 199.5,
      discount: 50,
      quantity: 2,
      tax_rate: 0.25,
    });
  });

  it("counts a discount code on the line into the unit price and the discount", () => {
    const discounted = { ...line, totalDiscountAmount: 4000, totalPriceAmount: 35_900 };
    expect(lineItem(discounted)).toMatchObject({ price: 179.5, discount: 70 });
  });

  it("leaves out a discount when nothing is off", () => {
    const full = { ...line, salePriceAmount: 24_950, totalPriceAmount: 49_900 };
    expect(lineItem(full)).not.toHaveProperty("discount");
  });
});

describe("events", () => {
  it("view_item: the shown variant at its sale price", () => {
    const event = viewItemEvent({
      product: { name: "Ulltröja", brand: "Kassa" },
      variant: { id: "var-blue-m", color: "Blå", size: "M" },
      price: { basePriceAmount: 24_950, salePriceAmount: 19_950, currencyCode: "SEK" },
    });
    expect(event).toEqual({
      event: "view_item",
      ecommerce: {
        currency: "SEK",
        value: 199.5,
        items: [
          {
            item_id: "var-blue-m",
            item_name: "Ulltröja",
            item_brand: "Kassa",
            item_variant: "Blå / M",
            price: 199.5,
            discount: 50,
            quantity: 1,
          },
        ],
      },
    });
    expect(viewItemEvent({ product: { name: "x" }, variant: null, price: null })).toBeNull();
  });

  it("add_to_cart: the quantity added, not the line's, and the cart's codes as coupon", () => {
    const event = cartChangeEvent(
      "add_to_cart",
      { currencyCode: "EUR", discountCodes: [{ code: "SUMMER" }] },
      { ...line, quantity: 5, totalPriceAmount: 99_750 },
      1,
    );
    expect(event.event).toBe("add_to_cart");
    expect(event.ecommerce).toMatchObject({ currency: "EUR", value: 199.5, coupon: "SUMMER" });
    expect(event.ecommerce.items[0]).toMatchObject({ quantity: 1, price: 199.5 });
  });

  it("add_to_cart of several lines at once: each at its parent line's price, unknown ones left out", () => {
    const mug: PricedLine = {
      ...line,
      productVariantId: "var-mug",
      quantity: 4,
      basePriceAmount: 9_900,
      salePriceAmount: 9_900,
      totalPriceAmount: 39_600,
    };
    const box = { ...mug, productVariantId: "var-box", options: { parentItem: "line-1" } };
    const event = linesAddedEvent({ ...cart, items: [line, mug, box] }, [
      { productVariantId: "var-blue-m", quantity: 1 },
      { productVariantId: "var-mug", quantity: 3 },
      { productVariantId: "var-box", quantity: 3 },
      { productVariantId: "var-gone", quantity: 1 },
    ]);
    expect(event?.event).toBe("add_to_cart");
    // 1 × 199.50 + 3 × 99 = 496.50
    expect(event?.ecommerce).toMatchObject({ currency: "SEK", value: 496.5 });
    expect(event?.ecommerce.items.map((item) => [item.item_id, item.quantity])).toEqual([
      ["var-blue-m", 1],
      ["var-mug", 3],
    ]);
    expect(linesAddedEvent(cart, [{ productVariantId: "var-gone", quantity: 1 }])).toBeNull();
  });

  it("view_cart and begin_checkout: every line, value summed in minor units", () => {
    const second: PricedLine = {
      ...line,
      productVariantId: "var-red-s",
      quantity: 3,
      salePriceAmount: 1_010,
      basePriceAmount: 1_010,
      totalPriceAmount: 3_030,
    };
    const event = cartEvent("view_cart", { ...cart, items: [line, second] });
    // 2 × 199.50 + 3 × 10.10 = 429.30, with no floating point left over.
    expect(event.ecommerce).toMatchObject({ currency: "SEK", value: 429.3 });
    expect(event.ecommerce.items.map((item) => item.item_id)).toEqual(["var-blue-m", "var-red-s"]);
    expect(cartEvent("begin_checkout", cart).event).toBe("begin_checkout");
  });

  it("add_payment_info names the payment type", () => {
    const event = paymentInfoEvent(cart, "KlarnaCheckout");
    expect(event).toMatchObject({
      event: "add_payment_info",
      ecommerce: { payment_type: "KlarnaCheckout", value: 399 },
    });
  });

  it("purchase: the order's confirmed totals in major units, keyed by the order number", () => {
    const event = purchaseEvent({
      reference: "100042",
      currencyCode: "SEK",
      lines: [line],
      discountCodes: [{ code: "WELCOME" }],
      totals: {
        subTotal: 39_900,
        shippingTotal: 4_900,
        discountTotal: 0,
        taxTotal: 8_960,
        grandTotal: 44_800,
      },
    });
    expect(event).toEqual({
      event: "purchase",
      ecommerce: {
        transaction_id: "100042",
        currency: "SEK",
        value: 448,
        tax: 89.6,
        shipping: 49,
        coupon: "WELCOME",
        items: [lineItem(line)],
      },
    });
  });

  const list = {
    id: "kategori/klader",
    name: "Kläder",
    products: [
      {
        id: "p1",
        name: "Ulltröja",
        brand: "Kassa",
        variants: [{ id: "v1", sku: "1", name: "Blå", imageUrl: "" }],
        price: {
          currencyCode: "SEK" as const,
          basePriceAmount: 24_950,
          salePriceAmount: 19_950,
          hasPriceRange: false,
        },
      },
      { id: "p2", name: "Mössa", brand: "", variants: [], price: undefined },
    ],
  };

  it("view_item_list and select_item: positions, list and the first variant's id", () => {
    const viewed = viewItemListEvent(list);
    expect(viewed.ecommerce.items).toEqual([
      {
        item_id: "v1",
        item_name: "Ulltröja",
        item_brand: "Kassa",
        item_list_id: "kategori/klader",
        item_list_name: "Kläder",
        index: 0,
        price: 199.5,
        discount: 50,
        quantity: 1,
      },
      expect.objectContaining({ item_id: "p2", index: 1, price: 0 }),
    ]);
    expect(selectItemEvent(list, "p2")?.ecommerce.items[0]).toMatchObject({ index: 1 });
    expect(selectItemEvent(list, "nope")).toBeNull();
  });

  it("add_to_wishlist: the chosen colour's variant, in major units", () => {
    const [product] = list.products;
    expect(addToWishlistEvent(product as (typeof list.products)[0], "v1")).toMatchObject({
      event: "add_to_wishlist",
      ecommerce: { currency: "SEK", value: 199.5, items: [{ item_id: "v1", price: 199.5 }] },
    });
  });

  it("search takes the trimmed term and nothing for an empty one", () => {
    expect(searchEvent("  ull ")).toEqual({ event: "search", search_term: "ull" });
    expect(searchEvent("  ")).toBeNull();
  });
});
