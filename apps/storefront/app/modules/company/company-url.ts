import { FIRST_PAGE, pageNumberOf } from "@kassa/domain";

/**
 * The company screen's state lives in its URL, so every choice is a link or a GET form that works
 * without JavaScript, can be bookmarked and survives a reload (A§2, A§4):
 *
 * | parameter    | what                                                    |
 * |--------------|---------------------------------------------------------|
 * | `company`    | the selected company's id                               |
 * | `page`, `q`  | the company selector's page and (super admins) search   |
 * | `tab`        | `basic` (default), `media`, `users`                     |
 * | `users_page`, `users_q` | the users tab's page and search              |
 * | `remove`     | the user whose removal is being confirmed (no JavaScript) |
 * | `remove_file` | the print file whose removal is being confirmed (no JavaScript) |
 */
export const COMPANY_TABS = ["basic", "media", "users"] as const;
export type CompanyTab = (typeof COMPANY_TABS)[number];

export interface CompanyScreenQuery {
  company: string | undefined;
  page: number;
  q: string;
  tab: CompanyTab;
  usersPage: number;
  usersQ: string;
  remove: string | undefined;
  removeFile: string | undefined;
}

/** Search texts longer than this are cut: a search box, not a document. */
const MAX_SEARCH_LENGTH = 100;

function textOf(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

function tabOf(value: string | null): CompanyTab {
  return COMPANY_TABS.find((tab) => tab === value) ?? "basic";
}

/** Reads the screen's state from its URL; anything odd falls back to the default. */
export function companyScreenQueryOf(url: URL): CompanyScreenQuery {
  const params = url.searchParams;
  return {
    company: textOf(params, "company") || undefined,
    page: pageNumberOf(params.get("page") ?? undefined),
    q: textOf(params, "q"),
    tab: tabOf(params.get("tab")),
    usersPage: pageNumberOf(params.get("users_page") ?? undefined),
    usersQ: textOf(params, "users_q"),
    remove: textOf(params, "remove") || undefined,
    removeFile: textOf(params, "remove_file") || undefined,
  };
}

/**
 * The screen's URL (a `?…` relative to the page) for `query` with `changes`; default values are
 * left out so the URLs stay short.
 */
export function companyScreenHref(
  query: CompanyScreenQuery,
  changes: Partial<CompanyScreenQuery> = {},
): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.company) params.set("company", next.company);
  if (next.q) params.set("q", next.q);
  if (next.page > FIRST_PAGE) params.set("page", String(next.page));
  if (next.tab !== "basic") params.set("tab", next.tab);
  if (next.usersQ) params.set("users_q", next.usersQ);
  if (next.usersPage > FIRST_PAGE) params.set("users_page", String(next.usersPage));
  if (next.remove) params.set("remove", next.remove);
  if (next.removeFile) params.set("remove_file", next.removeFile);
  const search = params.toString();
  return search ? `?${search}` : "?";
}

/** Choosing another company: the users tab's own search, page and confirmation start over. */
export function companyChoiceHref(query: CompanyScreenQuery, companyId: string): string {
  return companyScreenHref(query, {
    company: companyId,
    usersPage: FIRST_PAGE,
    usersQ: "",
    remove: undefined,
    removeFile: undefined,
  });
}

/** Another tab of the same company. */
export function companyTabHref(query: CompanyScreenQuery, tab: CompanyTab): string {
  return companyScreenHref(query, {
    tab,
    usersPage: FIRST_PAGE,
    usersQ: "",
    remove: undefined,
    removeFile: undefined,
  });
}
