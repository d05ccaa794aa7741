import type { AddressKind } from "./company-form.js";

/**
 * The company screen's selection rules (A§4 "Company selection").
 */

/** A§9: the company selector's and the user list's page size, and their first page. */
export const COMPANY_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;

/**
 * The selection after the list (re)loads: exactly one company and none selected selects it; a
 * selection no longer listed among several is cleared; otherwise the selection stays.
 */
export function reconcileCompanySelection(
  listedIds: readonly string[],
  selectedId: string | undefined,
): string | undefined {
  if (listedIds.length === 1 && !selectedId) return listedIds[0];
  if (selectedId && listedIds.length > 1 && !listedIds.includes(selectedId)) return undefined;
  return selectedId;
}

/**
 * The name of an address added to a list that has `countBefore` addresses: 'Billing Address N' /
 * 'Shipping Address N', N the count after adding (A§4). The words are the caller's to translate;
 * this gives N.
 */
export function addedAddressNumber(countBefore: number): number {
  return countBefore + 1;
}

/** A§4: an address can be removed only when more than one exists and the user is admin. */
export function canRemoveCompanyAddress(count: number, isAdmin: boolean): boolean {
  return isAdmin && count > 1;
}

/** The translation key of an added address's name ('Billing Address {{n}}'). */
export function addedAddressNameKey(kind: AddressKind): string {
  return kind === "billing" ? "company.addedBillingAddress" : "company.addedShippingAddress";
}

/** A page number from a query value: a whole number ≥ 1, else the first page. */
export function pageNumberOf(value: unknown): number {
  const page = typeof value === "string" ? Number(value) : value;
  return typeof page === "number" && Number.isSafeInteger(page) && page >= FIRST_PAGE
    ? page
    : FIRST_PAGE;
}
