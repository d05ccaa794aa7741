/**
 * Compile-time check that every reply type of the platform is the wire type of
 * `packages/api-client/src/types.ts` and `account-types.ts`: each must be assignable to the wire type and have the same
 * keys (so nothing is missing and nothing extra is sent). Checked by `pnpm typecheck`; the runtime
 * test below only keeps vitest from reporting an empty file.
 */
import { describe, expect, it } from "vitest";
import type { ApiEnvelopeReply } from "../src/http/api-envelope.js";
import type { BusinessFailureBody } from "../src/http/business-failure.js";
import type { ErrorBody } from "../src/http/error-body.js";
import type { ACCOUNT_DETAILS } from "../src/modules/accounts/account-details.js";
import type { AddressReply, CompanyReply } from "../src/modules/accounts/companies.js";
import type { VerifyEmailReply } from "../src/modules/accounts/email-verification.js";
import type { LoginResultReply, TokenPairReply } from "../src/modules/accounts/login.js";
import type { SignupResultReply } from "../src/modules/accounts/signup.js";
import type {
  CurrentUserReply,
  LoginUserReply,
  UserOrganisationReply,
} from "../src/modules/accounts/users.js";
import type { listCategories } from "../src/modules/catalogue/categories.js";
import type { storeGroupMarkets } from "../src/modules/catalogue/markets.js";
import type { getProductParentPrices } from "../src/modules/catalogue/prices.js";
import type { ProductPageReply } from "../src/modules/catalogue/product-queries.js";
import type { ProductReply, ProductVariantReply } from "../src/modules/catalogue/products.js";
import type { getProductParentStocks } from "../src/modules/catalogue/stocks.js";
import type { OutboxMailReply } from "../src/modules/mail/outbox.js";
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
  // Accounts (account-types.ts)
  Assert<Conforms<{ data: SignupResultReply }, { data: Wire.SignupResult }>>,
  Assert<Conforms<SignupResultReply, Wire.SignupResult>>,
  Assert<Conforms<{ company: CompanyReply }, Wire.OrganisationSignupResult>>,
  Assert<Conforms<CompanyReply, Wire.Company>>,
  Assert<Conforms<AddressReply, Wire.Address>>,
  Assert<Conforms<UserOrganisationReply, Wire.UserOrganisation>>,
  Assert<Conforms<LoginUserReply, Wire.LoginUser>>,
  Assert<Conforms<LoginResultReply, Wire.LoginResult>>,
  Assert<Conforms<TokenPairReply, Wire.TokenPair>>,
  Assert<Conforms<CurrentUserReply, Wire.CurrentUser>>,
  Assert<Conforms<CurrentUserReply["address"], Wire.CurrentUser["address"]>>,
  Assert<
    Conforms<
      CurrentUserReply["communication_preferences"],
      Wire.CurrentUser["communication_preferences"]
    >
  >,
  // Delete, logout and reset-password answer `{message}`; `details` is for failures.
  Assert<Extends<{ message: string }, Wire.MessageReply>>,
  Assert<Conforms<VerifyEmailReply, Wire.VerifyEmailResult>>,
  Assert<Conforms<BusinessFailureBody, Wire.AccountFailure>>,
  Assert<Conforms<ApiEnvelopeReply<{ message: string }>, Wire.ApiEnvelope<{ message: string }>>>,
  Assert<Conforms<ApiEnvelopeReply<{ details: string }>, Wire.ApiEnvelope<{ details: string }>>>,
  Assert<Conforms<typeof ACCOUNT_DETAILS, typeof Wire.ACCOUNT_DETAILS>>,
  Assert<Conforms<typeof Wire.ACCOUNT_DETAILS, typeof ACCOUNT_DETAILS>>,
  Assert<Conforms<OutboxMailReply, Wire.OutboxMail>>,
];

describe("wire contract", () => {
  it("is checked by the type checker", () => {
    // Naming the tuple makes tsc evaluate every check above.
    const checks: Checks | undefined = undefined;
    expect(checks).toBeUndefined();
  });
});
