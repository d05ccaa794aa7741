/**
 * Compile-time check that every reply type of the platform is the wire type of
 * `packages/api-client/src/types.ts`: each must be assignable to the wire type and have the same
 * keys (so nothing is missing and nothing extra is sent). Checked by `pnpm typecheck`; the runtime
 * test below only keeps vitest from reporting an empty file.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../src/http/error-body.js";
import type { listCategories } from "../src/modules/catalogue/categories.js";
import type { storeGroupMarkets } from "../src/modules/catalogue/markets.js";
import type { getProductParentPrices } from "../src/modules/catalogue/prices.js";
import type { ProductPageReply } from "../src/modules/catalogue/product-queries.js";
import type { ProductReply, ProductVariantReply } from "../src/modules/catalogue/products.js";
import type { getProductParentStocks } from "../src/modules/catalogue/stocks.js";
import type { Capabilities as CapabilitiesReply } from "../src/modules/shopper/capabilities.js";
import type { CartItemReply, CartReply } from "../src/modules/shopper/cart.js";
import type { CartTotals as CartTotalsReply } from "../src/modules/shopper/cart-totals.js";
import type * as Wire from "./support/wire.js";

type Assert<T extends true> = T;
type Extends<A, B> = [A] extends [B] ? true : false;
type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;
/** Assignable to the wire type, with exactly its keys. */
type Conforms<Mine, Theirs> = Extends<Mine, Theirs> extends true ? SameKeys<Mine, Theirs> : false;

type Reply<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Element<T> = T extends readonly (infer E)[] ? E : never;

type Checks = [
  Assert<Conforms<CartReply, Wire.Cart>>,
  Assert<Conforms<CartItemReply, Wire.CartItem>>,
  Assert<Conforms<CartItemReply["customAttributes"], Wire.CartItemCustomAttributes>>,
  Assert<Conforms<CartTotalsReply, Wire.CartTotals>>,
  Assert<Conforms<CapabilitiesReply, Wire.Capabilities>>,
  Assert<
    Conforms<
      { token: string; cart: CartReply; capabilities: CapabilitiesReply },
      Wire.SessionStarted
    >
  >,
  Assert<
    Conforms<{ token: string; cart: CartReply; capabilities: CapabilitiesReply }, Wire.SessionState>
  >,
  Assert<Conforms<{ cart: CartReply; capabilities: CapabilitiesReply }, Wire.ItemAdded>>,
  Assert<Conforms<{ cart: CartReply }, Wire.CartReply>>,
  Assert<Conforms<Reply<typeof getProductParentPrices>, Wire.ProductParentPrices>>,
  Assert<
    Conforms<
      Reply<typeof getProductParentPrices>["productParent"],
      Wire.ProductParentPrices["productParent"]
    >
  >,
  Assert<
    Conforms<
      Element<Reply<typeof getProductParentPrices>["productParent"]["productVariants"]>,
      Wire.VariantPrice
    >
  >,
  Assert<Conforms<Reply<typeof getProductParentStocks>, Wire.ProductParentStocks>>,
  Assert<
    Conforms<
      Element<Reply<typeof getProductParentStocks>["productParent"]["productVariants"]>,
      Wire.VariantStock
    >
  >,
  Assert<Conforms<ProductReply, Wire.Product>>,
  Assert<Conforms<ProductVariantReply, Wire.ProductVariant>>,
  Assert<Conforms<Element<ProductReply["childItems"]>, Wire.ProductChildItem>>,
  Assert<Conforms<NonNullable<ProductReply["price"]>, Wire.ProductPriceSummary>>,
  Assert<Conforms<ProductPageReply, Wire.ProductPage>>,
  Assert<Conforms<Element<Reply<typeof listCategories>>, Wire.Category>>,
  Assert<Conforms<ReturnType<typeof storeGroupMarkets>, Wire.StoreGroupMarkets>>,
  Assert<Conforms<Element<ReturnType<typeof storeGroupMarkets>["markets"]>, Wire.StoreGroupMarket>>,
  Assert<Conforms<ErrorBody, Wire.PlatformErrorBody>>,
];

describe("wire contract", () => {
  it("is checked by the type checker", () => {
    // Naming the tuple makes tsc evaluate every check above.
    const checks: Checks | undefined = undefined;
    expect(checks).toBeUndefined();
  });
});
