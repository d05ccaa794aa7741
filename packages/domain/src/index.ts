export {
  ACCOUNT_DEFAULTS,
  type AccountStatus,
  type SignupRole,
} from "./account/account-defaults.js";
export {
  ACCOUNT_TYPES,
  type AccountType,
  createDeleteAccountSchema,
  createSignupSchema,
  type DeleteAccountForm,
  type ForgotPasswordForm,
  forgotPasswordSchema,
  type LoginForm,
  loginSchema,
  type NewPasswordForm,
  newPasswordSchema,
  ORGANISATION_AUTOFILL_FIELDS,
  type OrderSignupForm,
  type OrganisationAutofillField,
  orderSignupSchema,
  organisationNumberSchema,
  type ProfileForm,
  profileSchema,
  type ResetPasswordForm,
  resetPasswordSchema,
  type SignupAddressForm,
  type SignupForm,
  type SignupOrganisationForm,
  type SignupSchema,
  type SignupSchemaOptions,
  signupAddressSchema,
  signupOrganisationSchema,
} from "./account/account-schemas.js";
export { matchesDeleteKeyword, toDeleteConfirmationText } from "./account/delete-confirmation.js";
export { isEmailAddress } from "./account/email.js";
export {
  cleanOrganisationNumber,
  hasHyphen,
  isOrganisationNumber,
} from "./account/organisation-number.js";
export {
  meetsPasswordRule,
  PASSWORD_MIN_LENGTH,
  type PasswordCriteria,
  type PasswordStrength,
  passwordCriteria,
  passwordLength,
  passwordStrength,
} from "./account/password.js";
export {
  callingCodeOf,
  cleanPhoneNumber,
  DEFAULT_PHONE_COUNTRY,
  isValidPhoneNumber,
  normalisePhoneInput,
  type PhoneNumberProblem,
  phoneNumberProblem,
} from "./account/phone.js";
export {
  type OrderBuyer,
  type OrderSignupPayload,
  type OrganisationSignupPayloadWithoutUser,
  orderSignupPayloadFrom,
  type SignupAddressPayload,
  type SignupPayloadOptions,
  type SignupPayloads,
  type SignupUserPayload,
  signupPayloadFrom,
} from "./account/signup-payload.js";
export { autofillVatNumber } from "./account/vat.js";
export {
  type CartQuantity,
  type LineAsk,
  type LineOffer,
  type LinePlan,
  type LinePlanMode,
  type LineRefusal,
  planLines,
} from "./cart/add-lines.js";
export {
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  type QuantityChange,
  type QuantityIntent,
  quantityChange,
} from "./cart/cart-changes.js";
export {
  type AddToCartForm,
  addToCartSchema,
  CART_INTENTS,
  type CartForm,
  type CartFormInput,
  type CartIntent,
  type CartLineForm,
  type CartLineFormInput,
  type CartLineIntent,
  type ChangeSizeForm,
  cartLineSchema,
  cartSchema,
  changeSizeSchema,
  type DecreaseQuantityForm,
  decreaseQuantitySchema,
  type IncreaseQuantityForm,
  increaseQuantitySchema,
  type RemoveItemForm,
  removeItemSchema,
  type SetQuantityForm,
  setQuantitySchema,
} from "./cart/cart-schemas.js";
export {
  type ChildLineCandidate,
  childLinesOf,
  childLineUpdates,
  isChildLine,
  type LineQuantityUpdate,
} from "./cart/child-lines.js";
export {
  assertWithinOrderLimit,
  exceedsOrderLimit,
  ORDER_LIMIT_REACHED,
  type OrderLimitCheck,
  OrderLimitError,
  type OrderLimitLine,
  quantityAfterChange,
  quantityOfParent,
} from "./cart/order-limit.js";
export {
  type ParsedQuickOrder,
  parseQuickOrder,
  parseQuickOrderQuantity,
  QUICK_ORDER_MAX_FILE_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_SKU_LENGTH,
  QUICK_ORDER_MAX_TEXT_LENGTH,
  type QuickOrderLine,
  type QuickOrderLineProblem,
  quickOrderText,
} from "./cart/quick-order.js";
export {
  type SizeChangeCheck,
  type SizeChangeLine,
  type SizeChangeRefusal,
  type SizeOption,
  type SizeVariant,
  sizeChangeRefusal,
  sizeOptionsFor,
} from "./cart/size-change.js";
export {
  type ApplyDiscountForm,
  applyDiscountSchema,
  isVoucherIntent,
  MAX_DISCOUNT_CODE_LENGTH,
  normalizeGiftCardInput,
  type RemoveDiscountForm,
  type RemoveGiftCardForm,
  removeDiscountSchema,
  removeGiftCardSchema,
  type SaveGiftCardForm,
  saveGiftCardSchema,
  splitDiscountMessage,
  VOUCHER_INTENTS,
  VOUCHER_MESSAGES,
  type VoucherForm,
  type VoucherFormInput,
  type VoucherIntent,
  voucherSchema,
} from "./cart/voucher-schemas.js";
export { maskGiftCardCode, normalizeGiftCardValue } from "./checkout/gift-card-input.js";
export {
  GIFT_CARD_AMOUNT_CHOICES,
  GIFT_CARD_AMOUNT_RANGE,
  GIFT_CARD_DESIGNS,
  GIFT_CARD_PRODUCT_MESSAGES,
  type GiftCardCurrency,
  type GiftCardDesign,
  type GiftCardProductForm,
  type GiftCardProductFormInput,
  giftCardAmountToLoad,
  giftCardProductSchema,
  MAX_GIFT_CARD_MESSAGE_LENGTH,
  MAX_GIFT_CARD_SENDER_NAME_LENGTH,
} from "./checkout/gift-card-product-schema.js";
export {
  GIFT_CARD_MAILS_PER_RECIPIENT_PER_DAY,
  giftCardRecipientLimitError,
  MAX_GIFT_CARD_RECIPIENTS_PER_ORDER,
  recipientKey,
  TOO_MANY_GIFT_CARD_RECIPIENTS,
} from "./checkout/gift-card-recipients.js";
export {
  type OrderErrorEntry,
  type OrderErrorField,
  type OrderErrorKind,
  parseOrderError,
} from "./checkout/order-error.js";
export {
  CAPABILITIES_UNAVAILABLE,
  CheckoutProviderError,
  type CheckoutProviderProblem,
  choosePaymentProvider,
  firstProvider,
  isPaymentProviderName,
  type NamedPaymentProvider,
  NO_PAYMENT_PROVIDER,
  PAYMENT_PROVIDER_PREFERENCE,
  type PaymentProviderName,
} from "./checkout/payment-provider.js";
export * from "./company/index.js";
export {
  COOKIE_LIFETIMES,
  COOKIE_NAMES,
  COOKIES,
  type CookieDefinition,
  type CookieKey,
  type CookieScope,
  cookieNameOnWire,
  HOST_COOKIE_PREFIX,
  LOGOUT_COOKIES,
  SECURE_COOKIE_PREFIX,
} from "./cookies.js";
export { VALIDATION_MESSAGES, type ValidationMessageKey } from "./forms/messages.js";
export { isSafeRedirectPath, redirectToSchema } from "./forms/redirect.js";
export { isCountryCode } from "./market/country-code.js";
export { countryName } from "./market/country-name.js";
export { languageName } from "./market/language-name.js";
export { type MarketForm, type MarketFormInput, marketSchema } from "./market/market-schemas.js";
export {
  DEFAULT_MARKET,
  DEFAULT_STORE_GROUP,
  findMarket,
  findMarketByCategoryUrlPrefix,
  findMarketByProductUrlPrefix,
  findStoreGroup,
  MARKETS,
  type Market,
  type MarketCountry,
  marketOrDefault,
  STORE_GROUPS,
  type StoreGroup,
} from "./market/markets.js";
export {
  discountPercent,
  type FormatMoneyOptions,
  formatMoney,
  isOnSale,
  MINOR_UNITS_PER_MAJOR,
  toMajorUnits,
} from "./market/money.js";
export * from "./media/index.js";
export * from "./newsletter/index.js";
export {
  type OrderBadge,
  type OrderBadgeSource,
  type OrderBadgeTone,
  orderBadges,
} from "./orders/order-badges.js";
export { formatOrderDate, ORDER_TIME_ZONES } from "./orders/order-date.js";
export {
  approveOrderSchema,
  type DeclineOrderForm,
  declineOrderSchema,
  MAX_ORDER_NOTE_LENGTH,
  ORDER_DECISION_MESSAGES,
  type OrderDecisionForm,
  orderDecisionSchema,
  type RequestOrderChangeForm,
  requestOrderChangeSchema,
} from "./orders/order-decision-schemas.js";
export {
  applyCustomStateChanges,
  availableDecisions,
  type CustomStateChange,
  customStateChanges,
  type DecisionContext,
  ORDER_DECISIONS,
  type OrderDecision,
} from "./orders/order-decisions.js";
export {
  MAX_ORDER_PAGE_LOOKUPS,
  MAX_ORDER_PAGE_SIZE,
  MAX_ORDER_SEARCH_LENGTH,
  type MergeableOrderSummary,
  matchesOrderSearch,
  matchesStatusFilter,
  mergeOrderSummaries,
  ORDER_LIST_PAGE_SIZE,
  ORDER_LIST_SKELETON_ROWS,
  ORDER_STATUS_FILTERS,
  type OrderListQuery,
  type OrderStatusFilter,
  orderListQuerySchema,
  orderStatesOfFilter,
  pageOfList,
  parseOrderListQuery,
} from "./orders/order-list.js";
export {
  type FilterableOrderSummary,
  filterOrderSummaries,
  type OrderListUser,
  type OrderLookup,
  orderLookupsFor,
  selectedOrganisation,
} from "./orders/order-lookups.js";
export {
  customStateIds,
  isOrderCustomStateId,
  isOrderState,
  isProvorder,
  ORDER_COMPENSATION_STATES,
  ORDER_CUSTOM_STATE_IDS,
  ORDER_CUSTOM_STATES,
  ORDER_FLOW_STATES,
  ORDER_STATES,
  type OrderCompensationState,
  type OrderCustomStateId,
  type OrderFlowState,
  type OrderState,
  PROVORDER_REFERENCE,
} from "./orders/order-states.js";
export * from "./search/index.js";
export {
  SECRET_MIN_DISTINCT_CHARACTERS,
  SECRET_MIN_LENGTH,
  secretWeakness,
} from "./security/secret-strength.js";
export {
  AVARDA_PURCHASE_TIMEOUT_SECONDS,
  BANNER_DURATION_MS,
  CART_BUSY_MS,
  COMPANY_FORM_RESET_DELAY_MS,
  COMPANY_SEARCH_DEBOUNCE_MS,
  CUSTOMER_CARD_SEARCH_DEBOUNCE_MS,
  GIFT_CARD_APPLY_STEP_MS,
  giftCardApplyDelayMs,
  giftCardWaitMs,
  ORDER_SEARCH_DEBOUNCE_MS,
  QUICK_ORDER_RESOLVE_DEBOUNCE_MS,
  RESEND_COUNTDOWN_SECONDS,
  SEARCH_SUGGEST_DEBOUNCE_MS,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_VISIBLE_LIMIT,
  TOAST_WIDTH_PX,
  WISHLIST_ADDED_FLAG_MS,
} from "./timings.js";
export * from "./wishlist/index.js";
