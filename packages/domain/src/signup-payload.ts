import { ACCOUNT_DEFAULTS, type AccountStatus, type SignupRole } from "./account-defaults.js";
import { marketOrDefault } from "./markets.js";
import type { SignupAddressForm, SignupForm } from "./schemas/account.js";

/**
 * The account API payloads of a parsed signup form (A§3, A§4). The types are declared here, not
 * imported: `@kassa/domain` does not depend on `@kassa/api-client`. They are structurally the
 * client's `SignupPayload`, `OrganisationSignupPayload` (without `user_id`) and `AddressInput`.
 */

/** An address as sent at signup: the default one, shipping type `standard`. */
export interface SignupAddressPayload {
  street_address: string;
  co_address?: string;
  city: string;
  postal_code: string;
  country: string;
  is_default: boolean;
  shipping_type: string;
}

/** `POST /enad/signup/` (A§3 User). */
export interface SignupUserPayload {
  first_name: string;
  last_name: string;
  /** Lower case. */
  email: string;
  password: string;
  phone_number: string;
  /** Upper case, e.g. `SV`. */
  language: string;
  country_code: string;
  market: string;
  store_group: string;
  role: SignupRole;
  allow_email_notifications: boolean;
  allow_phone_notifications: boolean;
  allow_postal_notifications: boolean;
  status: AccountStatus;
}

/** `POST /enad/organisation/signup/` (A§3 Organisation) without `user_id`, added once the user exists. */
export interface OrganisationSignupPayloadWithoutUser {
  name: string;
  organisation_number: string;
  tax_id_vat_number: string;
  contact_name: string;
  email: string;
  invoice_email?: string;
  phone?: string;
  attribute_ids: string[];
  credit_check: boolean;
  custom_fields: Record<string, string>;
  billing_address: SignupAddressPayload[];
  shipping_address: SignupAddressPayload[];
  status: AccountStatus;
}

export interface SignupPayloads {
  user: SignupUserPayload;
  /** Only for `account_type: "company"`. */
  organisation?: OrganisationSignupPayloadWithoutUser;
}

export interface SignupPayloadOptions {
  /**
   * The interface language, any case (`sv`, `fi`); sent upper-cased.
   * @default "SV"
   */
  language?: string;
  /**
   * The visitor's market country (`SE`, `FI`); sent as that market's account-API code. An unknown
   * market falls back to Sweden.
   * @default "SE"
   */
  market?: string;
  /**
   * The store group slug of the visitor (A§3).
   * @default "default"
   */
  storeGroup?: string;
  /**
   * The status of new users and organisations (a setting, A§3).
   * @default "active"
   */
  status?: AccountStatus;
}

function addressPayload(address: SignupAddressForm): SignupAddressPayload {
  return {
    street_address: address.street_address,
    ...(address.co_address === undefined ? {} : { co_address: address.co_address }),
    city: address.city,
    postal_code: address.postal_code,
    country: address.country,
    is_default: ACCOUNT_DEFAULTS.signupAddressIsDefault,
    shipping_type: ACCOUNT_DEFAULTS.shippingType,
  };
}

/**
 * The payloads of the signup flow (A§4): the user first, then, with its id, the organisation.
 * Fills in the A§3 defaults: email lower-cased, language upper-cased, market from the market
 * country, store group, role `customer`, status; for the organisation the contact name (the
 * user's first and last name), `attribute_ids` from the chosen attribute, `credit_check: false`,
 * empty `custom_fields`, and the addresses as default ones with shipping type `standard`.
 *
 * @example
 * const { user, organisation } = signupPayloadFrom(submission.value, { language: "sv", market: "SE" });
 * const created = await account.signup(user);
 * if (created.ok && organisation) await account.organisationSignup({ ...organisation, user_id: created.data.id });
 */
export function signupPayloadFrom(
  form: SignupForm,
  options: SignupPayloadOptions = {},
): SignupPayloads {
  const status = options.status ?? ACCOUNT_DEFAULTS.status;
  const billing = form.billing_address.map(addressPayload);
  const shipping = (form.same_as_billing ? form.billing_address : form.shipping_address).map(
    addressPayload,
  );
  const user: SignupUserPayload = {
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email.trim().toLowerCase(),
    password: form.password,
    phone_number: form.phone_number,
    language: (options.language?.trim() || ACCOUNT_DEFAULTS.language).toUpperCase(),
    country_code: form.country_code,
    market: options.market ? marketOrDefault(options.market).enadMarket : ACCOUNT_DEFAULTS.market,
    store_group: options.storeGroup?.trim() || ACCOUNT_DEFAULTS.storeGroup,
    role: ACCOUNT_DEFAULTS.role,
    allow_email_notifications: form.allow_email_notifications,
    allow_phone_notifications: form.allow_phone_notifications,
    allow_postal_notifications: form.allow_postal_notifications,
    status,
  };
  const { organisation } = form;
  if (form.account_type !== "company" || !organisation) return { user };
  return {
    user,
    organisation: {
      name: organisation.name,
      organisation_number: organisation.organisation_number,
      tax_id_vat_number: organisation.tax_id_vat_number,
      contact_name: `${form.first_name} ${form.last_name}`.trim(),
      email: organisation.email,
      ...(organisation.invoice_email === undefined
        ? {}
        : { invoice_email: organisation.invoice_email }),
      ...(organisation.phone === undefined ? {} : { phone: organisation.phone }),
      attribute_ids: organisation.attribute === undefined ? [] : [organisation.attribute],
      credit_check: ACCOUNT_DEFAULTS.creditCheck,
      custom_fields: {},
      billing_address: billing,
      shipping_address: shipping,
      status,
    },
  };
}
