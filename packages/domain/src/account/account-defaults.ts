/**
 * The defaults of the account API payloads (A§3, A§9). Settings and the visitor's market override
 * some of them (store group, status, language, market); the rest are fixed.
 */
export const ACCOUNT_DEFAULTS = {
  /** Upper case, as the account API takes it. */
  language: "SV",
  country: "SE",
  market: "SE",
  storeGroup: "default",
  /** Every signup creates a customer (A§4, A§6). */
  role: "customer",
  shippingType: "standard",
  status: "active",
  /** Organisation signup: no credit check by default. */
  creditCheck: false,
  /** Addresses created at signup are the default ones. */
  signupAddressIsDefault: true,
  /** The notification checkboxes of the main signup form start unticked. */
  notifications: { email: false, phone: false, postal: false },
  /** A§3: "the alternate signup form" (the signup from an order) starts with all three ticked. */
  orderSignupNotifications: { email: true, phone: true, postal: true },
} as const;

/** The status a new user or organisation gets (from a setting, default `active`). */
export type AccountStatus = "active" | "pending";

/** The role every signup gets. */
export type SignupRole = typeof ACCOUNT_DEFAULTS.role;
