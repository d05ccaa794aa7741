/**
 * The order error card (C§2, C§8): a provider or the platform refused an order and named fields to
 * fix. Each message becomes a field label and a message, translated where C§8 names the text.
 */

/** What a message is about: a key the storefront translates, or the raw text when unknown. */
export type OrderErrorField =
  | "country"
  | "familyName"
  | "givenName"
  | "telephoneNumber"
  | "email"
  | "postalCode"
  | "streetAddress"
  | "city"
  | null;

/**
 * `paymentMismatch`, `cartChanged`, `paymentEnded`: the platform refused to place an order for a
 * payment because the money did not add up (ADR 0030: `payment: the amount paid does not match
 * the order`, `cart: the cart changed after the checkout started`, `payment: this payment has
 * ended`); the shopper gets a sentence saying what happened, not the platform's words.
 */
export type OrderErrorKind =
  | "invalidCountry"
  | "required"
  | "paymentMismatch"
  | "cartChanged"
  | "paymentEnded"
  | "giftCardRecipientLimit"
  | "other";

export interface OrderErrorEntry {
  /** The field label as sent (`billing_address.family_name`), or null when the text named none. */
  path: string | null;
  /** A known field, for a translated label. */
  field: OrderErrorField;
  kind: OrderErrorKind;
  /** The message part, as sent (shown when no translation applies). */
  message: string;
  /** `giftCardRecipientLimit`: the recipient who has had their gift-card mails for the day. */
  address?: string;
}

const FIELD_NAMES: Record<string, Exclude<OrderErrorField, null>> = {
  country: "country",
  familyname: "familyName",
  family_name: "familyName",
  lastname: "familyName",
  givenname: "givenName",
  given_name: "givenName",
  firstname: "givenName",
  telephonenumber: "telephoneNumber",
  telephone_number: "telephoneNumber",
  phone: "telephoneNumber",
  email: "email",
  postalcode: "postalCode",
  postal_code: "postalCode",
  streetaddress: "streetAddress",
  street_address: "streetAddress",
  city: "city",
};

function fieldOf(text: string): OrderErrorField {
  const last = text.split(/[.\s[\]]+/).filter(Boolean);
  for (const part of last.reverse()) {
    const field = FIELD_NAMES[part.toLowerCase()];
    if (field) return field;
  }
  return null;
}

/**
 * Splits `path: message` into label and message (C§8) and recognises the texts C§8 maps:
 * 'country must be a valid ISO 3166-1 alpha2 code', 'familyName/givenName/telephoneNumber
 * required', and any '… is a required field'; and the platform's refusals of a payment whose
 * money did not add up (see {@link OrderErrorKind}).
 */
export function parseOrderError(text: string): OrderErrorEntry {
  const colon = text.indexOf(": ");
  const path = colon > 0 ? text.slice(0, colon).trim() : null;
  const message = colon > 0 ? text.slice(colon + 2).trim() : text.trim();
  const subject = `${path ?? ""} ${message}`;
  if (path === "payment" && /does not match/i.test(message)) {
    return { path, field: null, kind: "paymentMismatch", message };
  }
  if (path === "payment" && /\bended\b/i.test(message)) {
    return { path, field: null, kind: "paymentEnded", message };
  }
  if (path === "cart" && /\bchanged\b/i.test(message)) {
    return { path, field: null, kind: "cartChanged", message };
  }
  if (/ISO 3166-1 alpha-?2/i.test(message)) {
    return { path, field: "country", kind: "invalidCountry", message };
  }
  const limited = /^too many gift cards mailed to (\S+) today$/.exec(message);
  if (limited?.[1]) {
    return { path, field: null, kind: "giftCardRecipientLimit", message, address: limited[1] };
  }
  if (/\brequired\b/i.test(message)) {
    return { path, field: fieldOf(subject), kind: "required", message };
  }
  return { path, field: fieldOf(path ?? ""), kind: "other", message };
}
