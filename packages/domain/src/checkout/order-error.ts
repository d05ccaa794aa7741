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

export type OrderErrorKind = "invalidCountry" | "required" | "giftCardRecipientLimit" | "other";

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
 * required', and any '… is a required field'.
 */
export function parseOrderError(text: string): OrderErrorEntry {
  const colon = text.indexOf(": ");
  const path = colon > 0 ? text.slice(0, colon).trim() : null;
  const message = colon > 0 ? text.slice(colon + 2).trim() : text.trim();
  const subject = `${path ?? ""} ${message}`;
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
