import { isCountryCode } from "../market/country-code.js";
import { marketOrDefault } from "../market/markets.js";
import { ACCOUNT_DEFAULTS, type AccountStatus } from "./account-defaults.js";
import type { OrderSignupForm, SignupAddressForm, SignupForm } from "./account-schemas.js";
import { isValidPhoneNumber, normalisePhoneInput } from "./phone.js";

/**
 * The account API payloads of a parsed signup form (A§3, A§4).
 *
 * Why no payload types are declared here: the wire shapes are declared once, in
 * `@kassa/api-client` (`SignupPayload`, `OrganisationSignupPayload`, `AddressInput`), and
 * `@kassa/domain` must not depend on the api-client (it would ship the client with every rule, and
 * the two publish separately). So the payloads are plain values whose types TypeScript infers
 * from the code below; the types exported at the end are those inferred types, not a copy. The
 * check that they fit the wire is where they meet it: passing `user` to the client's `signup`
 * (and `organisation` to `organisationSignup`) does not compile when they drift apart.
 */

/** `{[key]: value}`, or nothing when `value` is `undefined`: an optional key left out, not `undefined`. */
function optional<Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): { [K in Key]?: Value } {
  return value === undefined ? {} : ({ [key]: value } as { [K in Key]?: Value });
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

function addressPayload(address: SignupAddressForm) {
  return {
    street_address: address.street_address,
    ...optional("co_address", address.co_address),
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
export function signupPayloadFrom(form: SignupForm, options: SignupPayloadOptions = {}) {
  const status = options.status ?? ACCOUNT_DEFAULTS.status;
  const billing = form.billing_address.map(addressPayload);
  const shipping = (form.same_as_billing ? form.billing_address : form.shipping_address).map(
    addressPayload,
  );
  const user = {
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email.trim().toLowerCase(),
    password: form.password,
    // A§2: without the phone field (no translation for its label) there is no number to send.
    phone_number: form.phone_number ?? "",
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
      ...optional("invoice_email", organisation.invoice_email),
      ...optional("phone", organisation.phone),
      ...optional("external_ref", organisation.external_ref),
      attribute_ids: organisation.attribute === undefined ? [] : [organisation.attribute],
      credit_check: ACCOUNT_DEFAULTS.creditCheck,
      custom_fields: {},
      billing_address: billing,
      shipping_address: shipping,
      status,
    },
  };
}

/** What {@link signupPayloadFrom} returns: `user`, and `organisation` for a company. */
export type SignupPayloads = ReturnType<typeof signupPayloadFrom>;
/** `POST /enad/signup/` (A§3 User): the client's `SignupPayload`. */
export type SignupUserPayload = SignupPayloads["user"];
/** `POST /enad/organisation/signup/` without `user_id` and `signup_token`, added once the user exists. */
export type OrganisationSignupPayloadWithoutUser = NonNullable<SignupPayloads["organisation"]>;
/** An address as sent at signup: the default one, shipping type `standard`. */
export type SignupAddressPayload = OrganisationSignupPayloadWithoutUser["billing_address"][number];

/**
 * The buyer of an order as the order names them (its billing address: the platform's
 * `OrderAddress`, declared in `@kassa/api-client`).
 */
export interface OrderBuyer {
  givenName: string;
  familyName: string;
  email: string;
  telephoneNumber: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  country: string;
}

/**
 * The signup payload of the signup from an order (A§3 "the alternate signup form", issue 32): the
 * person is the order's buyer (names, email lower-cased, phone, country, and the address as the
 * user's `address`), the password and the notification choices are the form's. A phone the
 * order holds that is not a valid number in international form once normalised with the order's
 * country is left out (`""`, what the platform takes for "no number"): the guest cannot correct it
 * here, and the profile asks for it later.
 */
export function orderSignupPayloadFrom(
  buyer: OrderBuyer,
  form: OrderSignupForm,
  options: SignupPayloadOptions = {},
) {
  const upperCountry = buyer.country.trim().toUpperCase();
  const country = isCountryCode(upperCountry) ? upperCountry : ACCOUNT_DEFAULTS.country;
  const phone = normalisePhoneInput(buyer.telephoneNumber, country);
  return {
    first_name: buyer.givenName.trim(),
    last_name: buyer.familyName.trim(),
    email: buyer.email.trim().toLowerCase(),
    password: form.password,
    phone_number: isValidPhoneNumber(phone) ? phone : "",
    language: (options.language?.trim() || ACCOUNT_DEFAULTS.language).toUpperCase(),
    country_code: country,
    market: options.market ? marketOrDefault(options.market).enadMarket : ACCOUNT_DEFAULTS.market,
    store_group: options.storeGroup?.trim() || ACCOUNT_DEFAULTS.storeGroup,
    role: ACCOUNT_DEFAULTS.role,
    address: {
      street: buyer.streetAddress.trim(),
      zip_code: buyer.postalCode.trim(),
      city: buyer.city.trim(),
    },
    allow_email_notifications: form.allow_email_notifications,
    allow_phone_notifications: form.allow_phone_notifications,
    allow_postal_notifications: form.allow_postal_notifications,
    status: options.status ?? ACCOUNT_DEFAULTS.status,
  };
}

/** `POST /enad/signup/` from an order: the client's `SignupPayload` with the user's `address`. */
export type OrderSignupPayload = ReturnType<typeof orderSignupPayloadFrom>;
