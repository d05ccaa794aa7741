import type { AddressKind } from "@kassa/domain";
import { pageNumberOf } from "@kassa/domain";

/**
 * Where the customer card keeps what the shopper is looking at (A§2, A§4): the company and user
 * lists' search and page, and each address panel's tab. They live in the page's URL, so the card
 * works as plain links and GET forms without JavaScript; with it, the lists load through a
 * fetcher (`/customer-card`) and the tabs switch in place.
 */
export const CARD_PARAMS = {
  companySearch: "company_q",
  companyPage: "company_page",
  contactSearch: "contact_q",
  contactPage: "contact_page",
  billingTab: "billing_tab",
  shippingTab: "shipping_tab",
} as const;

export type AddressTab = "existing" | "new";

export interface CardQuery {
  companySearch: string;
  companyPage: number;
  contactSearch: string;
  contactPage: number;
  /** A tab the URL asks for; otherwise the panel shows the tab of the chosen address. */
  tabs: Partial<Record<AddressKind, AddressTab>>;
}

/** A search as typed, trimmed and at most 100 characters (the platform's limit). */
function searchOf(value: string | null): string {
  return (value ?? "").trim().slice(0, 100);
}

function tabOf(value: string | null): AddressTab | undefined {
  return value === "existing" || value === "new" ? value : undefined;
}

export function tabParam(kind: AddressKind): string {
  return kind === "billing" ? CARD_PARAMS.billingTab : CARD_PARAMS.shippingTab;
}

export function cardQueryOf(params: URLSearchParams): CardQuery {
  return {
    companySearch: searchOf(params.get(CARD_PARAMS.companySearch)),
    companyPage: pageNumberOf(params.get(CARD_PARAMS.companyPage)),
    contactSearch: searchOf(params.get(CARD_PARAMS.contactSearch)),
    contactPage: pageNumberOf(params.get(CARD_PARAMS.contactPage)),
    tabs: {
      billing: tabOf(params.get(CARD_PARAMS.billingTab)),
      shipping: tabOf(params.get(CARD_PARAMS.shippingTab)),
    },
  };
}

/**
 * `search` (a URL's `?…`) with `changes` applied: an empty or undefined value removes the
 * parameter. Answers `?…`, or `?` when nothing is left, so it always stays on the same page.
 */
export function withParams(search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The card's parameters that belong to the chosen company: a new company starts them anew (A§4). */
export const COMPANY_BOUND_PARAMS = [
  CARD_PARAMS.contactSearch,
  CARD_PARAMS.contactPage,
  CARD_PARAMS.billingTab,
  CARD_PARAMS.shippingTab,
] as const;
