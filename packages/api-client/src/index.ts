export {
  type AccountClient,
  type AccountClientOptions,
  type AccountFailureResult,
  type AccountResult,
  createAccountClient,
  type LoginInput,
} from "./account.js";
export {
  type CheckoutClient,
  type CheckoutClientOptions,
  createCheckoutClient,
} from "./checkout.js";
export {
  asPlatformErrorBody,
  FALLBACK_ERROR_MESSAGE,
  HttpError,
  httpErrorFromResponse,
  isHttpError,
  isKassaApiError,
  isOAuthError,
  isOutOfStockError,
  isUnexpectedError,
  KassaApiError,
  type KassaApiErrorInit,
  OAUTH_ERROR_MESSAGE,
  OAuthError,
  OUT_OF_STOCK_ERROR,
  OutOfStockError,
  UNEXPECTED_ERROR_MESSAGE,
  UnexpectedError,
} from "./errors.js";
export {
  createProductClient,
  emptyProductPage,
  type ProductClient,
  type ProductClientOptions,
} from "./products.js";
export { type AdyenClient, adyenOutcome, createAdyenClient } from "./providers/adyen.js";
export {
  type AvardaClient,
  avardaOutcome,
  createAvardaClient,
} from "./providers/avarda.js";
export { createKlarnaClient, type KlarnaClient, klarnaOutcome } from "./providers/klarna.js";
export type { ProviderClientOptions } from "./providers/provider-client.js";
export {
  createQliroOneClient,
  type QliroOneClient,
  qliroOneOutcome,
} from "./providers/qliro.js";
export { createWalleyClient, type WalleyClient, walleyOutcome } from "./providers/walley.js";
export {
  type Authorization,
  buildUrl,
  type CallOptions,
  createRequester,
  DEFAULT_RETRY,
  type HttpMethod,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_IN_USE,
  type Query,
  type QueryValue,
  type Requester,
  type RequesterOptions,
  type RequestOptions,
  type RetryPolicy,
  segment,
} from "./request.js";
export {
  createShopperClient,
  type ProductParentMarketQuery,
  type ShopperClient,
  type ShopperClientOptions,
} from "./shopper.js";
// The wire shapes, one file per API surface (`src/wire/`). The Kassa platform types its replies
// with these, so a client and the server cannot drift apart.
export {
  ACCOUNT_DETAILS,
  type ApiEnvelope,
  type CurrentUser,
  type LoginPayload,
  type LoginResult,
  type LoginUser,
  type MessageReply,
  type OrganisationLevel,
  type OrganisationSignupPayload,
  type OrganisationSignupResult,
  type RefreshTokenPayload,
  type ResetLinkPayload,
  type ResetPasswordPayload,
  type SignupPayload,
  type SignupReply,
  type SignupResult,
  type TokenPair,
  type UpdateUserPayload,
  type UpdateUserRequest,
  type UserOrganisation,
  type UserRole,
  type UserStatus,
  type VerifyEmailPayload,
  type VerifyEmailResult,
  type VerifyLinkPayload,
} from "./wire/account.js";
export {
  type AddDiscountCodeInput,
  type ApplyGiftCardInput,
  type Checkout,
  type CheckoutGiftCard,
  type CheckoutStarted,
  type CheckoutState,
  type CheckoutTotals,
  DISCOUNT_CODE_ERRORS,
  type DiscountCodeError,
  GIFT_CARD_ERRORS,
  GIFT_CARD_TEMPLATE_IDS,
  type GiftCardLineAttributes,
  type GiftCardProduct,
  type GiftCardProductAdded,
  type GiftCardProductInput,
  type GiftCardTemplateId,
  type OrderAddress,
  type OrderLine,
  type PaymentOutcome,
  type PlacedOrder,
  type StartCheckoutInput,
} from "./wire/checkout.js";
export type { CountryCode, CurrencyCode } from "./wire/common.js";
export type { Address, AddressInput, Company } from "./wire/companies.js";
export type { OutboxMail } from "./wire/dev-mail.js";
export type { AccountFailure, PlatformErrorBody } from "./wire/errors.js";
export type {
  CategoriesQuery,
  CategoriesReply,
  Category,
  PagedQuery,
  Product,
  ProductBySlugQuery,
  ProductBySlugReply,
  ProductChildItem,
  ProductPage,
  ProductPriceSummary,
  ProductQueryBase,
  ProductsByCategoryIdQuery,
  ProductsByCategoryUriQuery,
  ProductsBySkuQuery,
  ProductsByTagQuery,
  ProductVariant,
} from "./wire/products.js";
export type {
  AdyenAddress,
  AdyenAmount,
  AdyenCreateSessionInput,
  AdyenNotification,
  AdyenNotificationRequestItem,
  AdyenSession,
  AdyenSessionResult,
  AdyenSessionStatus,
} from "./wire/providers/adyen.js";
export type {
  AvardaAddress,
  AvardaCreatePaymentInput,
  AvardaCustomer,
  AvardaItem,
  AvardaMode,
  AvardaPayment,
  AvardaStep,
} from "./wire/providers/avarda.js";
export type {
  KlarnaCreateOrderInput,
  KlarnaMerchantUrls,
  KlarnaOrder,
  KlarnaOrderLine,
} from "./wire/providers/klarna.js";
export type {
  QliroCheckoutStatusPush,
  QliroCreateCheckoutInput,
  QliroCustomerCheckoutStatus,
  QliroCustomerInformation,
  QliroOrder,
  QliroOrderItem,
  QliroPushReceived,
} from "./wire/providers/qliro.js";
export type {
  WalleyBusinessCustomer,
  WalleyBusinessCustomerPreset,
  WalleyBuyerPreset,
  WalleyCartItem,
  WalleyCheckout,
  WalleyCheckoutStatus,
  WalleyDeliveryAddressPreset,
  WalleyFee,
  WalleyInitCheckoutInput,
  WalleyNotificationReply,
  WalleyPurchase,
} from "./wire/providers/walley.js";
export type {
  AddItemInput,
  Capabilities,
  Cart,
  CartItem,
  CartItemCustomAttributes,
  CartItemOptions,
  CartReply,
  CartTotals,
  ItemAdded,
  ProductParentPrices,
  ProductParentStocks,
  Provider,
  SessionAttributes,
  SessionCompanyAttributes,
  SessionStarted,
  SessionState,
  StartSessionInput,
  StoreGroupMarket,
  StoreGroupMarkets,
  VariantPrice,
  VariantStock,
} from "./wire/shopper.js";
