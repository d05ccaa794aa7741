import type { SubmissionResult } from "@conform-to/react";
import type { Address, SessionCustomerAddress } from "@kassa/api-client";
import type { AddressTab } from "./card-query";

/**
 * What the customer card shows (A§2): the loaders build it on the server from the shopper
 * session's customer link and the company calls; the component only draws it.
 */

/** One page of a searchable list (A§4: paged with Prev/Next and 'Page x of y'). */
export interface CardListPage<Item> {
  items: Item[];
  page: number;
  totalPages: number;
  /** The search the page answers ("" for none). */
  search: string;
}

/** A company in the picker's list. */
export interface CardCompanyOption {
  id: string;
  name: string;
  organisation_number: string;
  city: string;
  is_inactive: boolean;
}

/** The chosen company, with what the card needs of it. */
export interface CardCompany {
  id: string;
  name: string;
  organisation_number: string;
  /** A§4: its status is not 'active'; the card warns. */
  is_inactive: boolean;
  /** A§8: not credit valid; the card warns. */
  is_credit_valid: boolean;
  billing_address: Address[];
  shipping_address: Address[];
}

/** A user the contact person can be (A§4: role customer, or the ordering user). */
export interface CardContact {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  /** The ordering agent themself. */
  isSelf: boolean;
}

/** The contact list, or A§3's refusal (`details`) when the company's users cannot be listed. */
export type CardContactList = CardListPage<CardContact> | { refused: string };

export interface CardAddressPanel {
  /** The address the order goes to: a copy of one of the company's (`id`), or a new one. */
  chosen: SessionCustomerAddress | null;
  /** The tab shown: the URL's, else the chosen address's kind ("new" for a new address). */
  tab: AddressTab;
}

export interface CustomerCardView {
  actsAs: "agent" | "super_admin";
  /** A§2: the tabs (and every picker) only when the card can be changed. */
  editable: boolean;
  /** A§4: at most one company and not a super admin. */
  pickerDisabled: boolean;
  /** The picker's page of companies (the search and page of the URL). */
  companies: CardListPage<CardCompanyOption>;
  company: CardCompany | null;
  /** A§4: agents and super admins, once a company is chosen. */
  showsContacts: boolean;
  contacts: CardContactList | null;
  contact: CardContact | null;
  billing: CardAddressPanel;
  shipping: CardAddressPanel;
  /** The new-address form's countries (A§3: from the markets list), in the page's language. */
  countries: { code: string; name: string }[];
}

/** What a new-address form gets back when its post is refused (a fetcher's data, or the page's). */
export interface CardAddressReply {
  cardIntent: "card-address";
  kind: "billing" | "shipping";
  result: SubmissionResult<string[]>;
}

export function isCardAddressReply(value: unknown): value is CardAddressReply {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { cardIntent?: unknown }).cardIntent === "card-address"
  );
}
