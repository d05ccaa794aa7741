import { cleanOrganisationNumber } from "../account/organisation-number.js";
import { matchesOrderSearch, matchesStatusFilter, type OrderListQuery } from "./order-list.js";

/**
 * Which order lookups (C§4: ref1, ref2, email) the order list of a user runs, and how their merged
 * answer is narrowed by the list's filters. The platform answers each lookup with only what the
 * user may see; this decides what to ask.
 */

export type OrderLookup =
  | { source: "email"; email: string }
  | { source: "ref1"; ref: string; email?: string }
  | { source: "ref2"; ref: string }
  | { source: "order"; ref: string };

export interface OrderListUser {
  id: string;
  email: string;
  organisations: readonly { id: string; organisation_number: string }[];
}

/** The organisation the list is filtered to: one of the user's, else none (all orders). */
export function selectedOrganisation<T extends OrderListUser["organisations"][number]>(
  organisations: readonly T[],
  companyId: string | undefined,
): T | undefined {
  return companyId
    ? organisations.find((organisation) => organisation.id === companyId)
    : undefined;
}

/** An order-number search worth asking the platform about: digits only, after spaces go. */
function orderNumberOf(search: string | undefined): string | undefined {
  const digits = search?.replace(/\s+/g, "");
  return digits && /^\d{1,20}$/.test(digits) ? digits : undefined;
}

/**
 * The lookups of one list view. Filtered to a company: that company's orders (ref1). Otherwise:
 * the user's own orders (ref2), those placed with their email, and each of their companies' (ref1).
 * A search for a whole order number also asks for that order (an agent or super admin finds any
 * order they may see by its number).
 */
export function orderLookupsFor(
  user: OrderListUser,
  query: Partial<Pick<OrderListQuery, "company" | "q">>,
): OrderLookup[] {
  const company = selectedOrganisation(user.organisations, query.company);
  const lookups: OrderLookup[] = company
    ? [{ source: "ref1", ref: cleanOrganisationNumber(company.organisation_number) }]
    : [
        { source: "ref2", ref: user.id },
        { source: "email", email: user.email },
        ...user.organisations
          .filter((organisation) => organisation.organisation_number)
          .map((organisation) => ({
            source: "ref1" as const,
            ref: cleanOrganisationNumber(organisation.organisation_number),
          })),
      ];
  const orderNumber = orderNumberOf(query.q);
  if (orderNumber) lookups.push({ source: "order", ref: orderNumber });
  return lookups;
}

export interface FilterableOrderSummary {
  reference: string;
  status: { orderStates: readonly string[] };
  company: { id: string } | null;
}

/** The merged lookups narrowed by the list's status filter, company and search. */
export function filterOrderSummaries<T extends FilterableOrderSummary>(
  summaries: readonly T[],
  query: Pick<OrderListQuery, "status"> & { q?: string; companyId?: string },
): T[] {
  return summaries.filter(
    (summary) =>
      matchesStatusFilter(summary.status.orderStates, query.status) &&
      matchesOrderSearch(summary.reference, query.q) &&
      (!query.companyId || summary.company?.id === query.companyId),
  );
}
