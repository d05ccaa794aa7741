import type { AddressKind } from "@kassa/domain";

/**
 * The posts of the company screen, told apart by the `intent` of the button that sent them (as
 * the cart's and the credentials page's are). The address buttons post the whole company form, so
 * without JavaScript the server can answer the form as it was typed plus (or minus) an address.
 */
export type CompanyIntent =
  | { type: "save" }
  | { type: "add-address"; kind: AddressKind }
  | { type: "remove-address"; kind: AddressKind; index: number }
  | { type: "remove-user" };

export const SAVE_COMPANY_INTENT = "save";
export const REMOVE_USER_INTENT = "remove-user";

/** `add-billing-address` / `add-shipping-address`. */
export function addAddressIntent(kind: AddressKind): string {
  return `add-${kind}-address`;
}

/** `remove-billing-address:1`: the address at `index` of its list. */
export function removeAddressIntent(kind: AddressKind, index: number): string {
  return `remove-${kind}-address:${index}`;
}

const ADDRESS_INTENT = /^(add|remove)-(billing|shipping)-address(?::(\d{1,3}))?$/;

/** The intent a post names; `undefined` for none or an unknown one. */
export function companyIntentOf(value: FormDataEntryValue | null): CompanyIntent | undefined {
  if (value === SAVE_COMPANY_INTENT) return { type: "save" };
  if (value === REMOVE_USER_INTENT) return { type: "remove-user" };
  if (typeof value !== "string") return undefined;
  const match = ADDRESS_INTENT.exec(value);
  if (!match) return undefined;
  const [, verb, kind, index] = match as unknown as [
    string,
    "add" | "remove",
    AddressKind,
    string?,
  ];
  if (verb === "add") return index === undefined ? { type: "add-address", kind } : undefined;
  return index === undefined ? undefined : { type: "remove-address", kind, index: Number(index) };
}
