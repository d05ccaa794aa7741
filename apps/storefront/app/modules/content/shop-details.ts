import { countryName } from "@kassa/domain";

/**
 * Who runs the shop and how to reach them: the one place the footer and the shop's own pages
 * (terms, privacy, delivery and returns, payment methods, customer service, about) take the
 * company's details from (docs/decisions/0020-shop-pages-and-footer.md). The phone number is in
 * the range the Swedish regulator (PTS) keeps for fiction, and `kassa.test` is a reserved domain,
 * so nobody real is reached while the shop is a demonstration; a live shop puts its own here.
 */
export const SHOP_DETAILS = {
  company: "Kassa Handel AB",
  /** Swedish organisation number (Bolagsverket), with a valid check digit. */
  orgNumber: "559321-4876",
  /** EU VAT number: `SE`, the organisation number's digits, `01`. */
  vatNumber: "SE559321487601",
  street: "Hälsingegatan 40",
  postalCode: "113 31",
  city: "Stockholm",
  country: "SE",
  phone: {
    /** As a Swede dials it. */
    national: "08-465 004 50",
    /** As anyone else dials it (Finland, and the English pages). */
    international: "+46 8 465 004 50",
    href: "tel:+46846500450",
  },
  email: "kundservice@kassa.test",
} as const;

/**
 * The right of withdrawal in days: the legal minimum for distance sales in Sweden and Finland,
 * which is also the period Kassa offers.
 */
export const RETURN_PERIOD_DAYS = 14;

/**
 * Delivery time with PostNord per market, in working days from dispatch, as the delivery page
 * states it; the product page shows the shopper's market's.
 */
export const DELIVERY_WORKING_DAYS: Record<"SE" | "FI", string> = { SE: "1–3", FI: "2–5" };

/** The phone number as a shopper reading this language dials it. */
export function shopPhone(language: string): string {
  return language === "sv" ? SHOP_DETAILS.phone.national : SHOP_DETAILS.phone.international;
}

/** The postal address on one line, the country named in the page's language. */
export function shopAddress(language: string): string {
  const { street, postalCode, city, country } = SHOP_DETAILS;
  return `${street}, ${postalCode} ${city}, ${countryName(country, language)}`;
}
