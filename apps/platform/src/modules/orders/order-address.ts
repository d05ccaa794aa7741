import type { OrderAddress, SessionCustomerAddress } from "@kassa/api-client";
import { findMarket } from "@kassa/domain";

/**
 * The address rules an order is checked against before it is written, in the words of the
 * commerce API's order errors (C§8 order error card): `path: message`.
 */
const REQUIRED: readonly (keyof OrderAddress)[] = [
  "givenName",
  "familyName",
  "email",
  "telephoneNumber",
  "streetAddress",
  "postalCode",
  "city",
  "country",
];

const SNAKE: Record<string, string> = {
  givenName: "given_name",
  familyName: "family_name",
  email: "email",
  telephoneNumber: "telephone_number",
  streetAddress: "street_address",
  postalCode: "postal_code",
  city: "city",
  country: "country",
};

/** The problems of one address, each `billing_address.family_name: is a required field`. */
export function addressProblems(
  kind: "billing" | "shipping",
  address: Partial<OrderAddress>,
): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED) {
    const value = address[field];
    if (typeof value !== "string" || value.trim() === "") {
      problems.push(`${kind}_address.${SNAKE[field]}: is a required field`);
    }
  }
  const country = address.country?.trim();
  if (country && !/^[A-Z]{2}$/.test(country)) {
    problems.push(`${kind}_address.country: country must be a valid ISO 3166-1 alpha2 code`);
  } else if (country && !findMarket(country)) {
    problems.push(`${kind}_address.country: the shop does not deliver to ${country}`);
  }
  return problems;
}

/** An address with every text trimmed (what is stored). */
export function cleanAddress(address: Partial<OrderAddress>): OrderAddress {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const clean: OrderAddress = {
    givenName: text(address.givenName),
    familyName: text(address.familyName),
    email: text(address.email).toLowerCase(),
    telephoneNumber: text(address.telephoneNumber),
    streetAddress: text(address.streetAddress),
    postalCode: text(address.postalCode),
    city: text(address.city),
    country: text(address.country),
  };
  const organizationName = text(address.organizationName);
  if (organizationName) clean.organizationName = organizationName;
  const organizationNumber = text(address.organizationNumber);
  if (organizationNumber) clean.organizationNumber = organizationNumber;
  return clean;
}

/**
 * The order's address where the customer card chose one (A§2): the card's company name, street,
 * postal code, city and country (and phone, when the address has one); the names and email the
 * payment provider collected stay, since a company address has none. No card address: the
 * provider's as it is.
 */
export function withCardAddress(
  provider: Partial<OrderAddress>,
  card: SessionCustomerAddress | null,
): Partial<OrderAddress> {
  if (!card) return provider;
  return {
    ...provider,
    organizationName: card.company_name || provider.organizationName,
    streetAddress: [card.street_address, card.house_number].filter(Boolean).join(" "),
    postalCode: card.postal_code,
    city: card.city,
    country: card.country,
    telephoneNumber: card.phone || provider.telephoneNumber,
  };
}
