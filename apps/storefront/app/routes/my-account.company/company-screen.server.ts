import {
  COMPANY_DETAILS,
  type CompaniesClient,
  type Company,
  type CurrentUser,
  isCompanyUserListRefused,
  isKassaApiError,
  isUnexpectedError,
  type MediaClient,
  type OrganisationUser,
} from "@kassa/api-client";
import {
  COMPANY_PAGE_SIZE,
  type CompanyViewer,
  companyRightsOf,
  MARKETS,
  mayRemoveCompanyUser,
  reconcileCompanySelection,
} from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { companyFormValuesOf } from "~/modules/company/company-form-values";
import {
  type CompanyScreenQuery,
  type CompanyTab,
  companyScreenQueryOf,
} from "~/modules/company/company-url";
import type {
  CompanyChoice,
  CompanyUserRow,
  CompanyUsersView,
  SelectedCompany,
} from "~/modules/company/company-view";
import { viewerOf } from "~/modules/company/company-viewer";
import { backendErrorResponse, fromBackend } from "~/modules/http/backend-errors.server";
import { i18nInstance } from "~/modules/http/i18n-instances.server";
import { loadPrintFiles, printFileLimits } from "~/modules/media/print-files.server";

type Translate = (key: TranslationKey, options?: Record<string, unknown>) => string;

/**
 * The media tab's label (A§2: "shown only when a media label exists"): the tab is offered in a
 * language that has the key, so a shop without print files removes the key and the tab goes.
 */
export const MEDIA_TAB_LABEL_KEY = "company.tabs.media";

export async function mediaTabLabel(language: string): Promise<string | null> {
  const i18n = await i18nInstance(language);
  if (!i18n.exists(MEDIA_TAB_LABEL_KEY, { lngs: [i18n.language] })) return null;
  return i18n.t(MEDIA_TAB_LABEL_KEY as TranslationKey);
}

/** A company the user may see, or `undefined` when the platform answers 404 (A§4: cleared). */
export async function companyOrNone(
  client: CompaniesClient,
  companyId: string,
): Promise<Company | undefined> {
  try {
    return await client.getCompany(companyId);
  } catch (error) {
    if (isKassaApiError(error) && error.status === 404) return undefined;
    backendErrorResponse(error);
  }
}

/** The translated text of a refusal's `details` the storefront knows; else the text itself. */
export function detailsText(details: string, t: Translate): string {
  switch (details) {
    case COMPANY_DETAILS.unauthorized:
      return t("company.serverDetails.unauthorized");
    case COMPANY_DETAILS.cannotRemoveSelf:
      return t("company.serverDetails.cannotRemoveSelf");
    case COMPANY_DETAILS.companyNotFound:
      return t("company.serverDetails.companyNotFound");
    case COMPANY_DETAILS.userNotInCompany:
      return t("company.serverDetails.userNotInCompany");
    default:
      return details;
  }
}

/**
 * A short fingerprint of the company's form values (FNV-1a): the form starts over when the stored
 * company changes (A§4), which after a save is when the page's data is read again, not when the
 * save's answer comes (that comes first).
 */
export function versionOf(values: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(values)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function isInactive(company: Company): boolean {
  return company.is_inactive || company.status !== "active";
}

function userRowOf(
  user: OrganisationUser,
  viewer: CompanyViewer,
  companyId: string,
): CompanyUserRow {
  return {
    id: user.id,
    name: `${user.first_name} ${user.last_name}`.trim() || user.email,
    email: user.email,
    role: user.level === "admin" ? "admin" : user.role === "agent" ? "agent" : "member",
    verified: user.email_verified,
    isSelf: user.id === viewer.id,
    removable: mayRemoveCompanyUser(viewer, companyId, user.id),
  };
}

/**
 * The users tab (A§2, A§8): a page of the company's users, or the translated failure: the
 * server's refusal with its details, 'Failed to load organisation users: {details}', or, when the
 * platform cannot be reached, '… Please try again.'
 */
async function loadUsers(
  client: CompaniesClient,
  companyId: string,
  query: CompanyScreenQuery,
  viewer: CompanyViewer,
  t: Translate,
): Promise<CompanyUsersView> {
  try {
    const reply = await client.listCompanyUsers(companyId, {
      page: query.usersPage,
      per_page: COMPANY_PAGE_SIZE,
      ...(query.usersQ ? { search: query.usersQ } : {}),
    });
    if (
      !isCompanyUserListRefused(reply) &&
      reply.items.length === 0 &&
      reply.total_pages > 0 &&
      query.usersPage > reply.total_pages
    ) {
      // Past the last page (its last user was just removed): the last page instead.
      return loadUsers(client, companyId, { ...query, usersPage: reply.total_pages }, viewer, t);
    }
    if (isCompanyUserListRefused(reply)) {
      return {
        status: "failed",
        message: t("company.users.loadFailedDetails", { details: detailsText(reply.details, t) }),
      };
    }
    return {
      status: "loaded",
      rows: reply.items.map((user) => userRowOf(user, viewer, companyId)),
      page: reply.page,
      totalPages: reply.total_pages,
      total: reply.total_items,
    };
  } catch (error) {
    if (isUnexpectedError(error)) {
      return { status: "failed", message: t("company.users.loadFailed") };
    }
    if (isKassaApiError(error)) {
      return {
        status: "failed",
        message: t("company.users.loadFailedDetails", { details: detailsText(error.message, t) }),
      };
    }
    throw error;
  }
}

/**
 * The country choices of the address forms: the markets' countries (A§3: from the markets list)
 * and any country a stored address already has, named in the page's language.
 */
export function countryChoices(
  language: string,
  company: Company | undefined,
): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language], { type: "region" });
  const codes = new Set<string>(MARKETS.map((market) => market.country));
  for (const address of [
    ...(company?.billing_address ?? []),
    ...(company?.shipping_address ?? []),
  ]) {
    if (/^[A-Z]{2}$/.test(address.country)) codes.add(address.country);
  }
  return [...codes].map((code) => ({ code, name: names.of(code) ?? code }));
}

/**
 * Everything the company screen shows (A§2, A§4): the selector's page of companies, the selection
 * after A§4's rules, the tab the user may see, the selected company's form and, on the users tab,
 * its users.
 */
export async function loadCompanyScreen(input: {
  user: CurrentUser;
  client: CompaniesClient;
  /** The print files of the media tab (C§2). */
  media: MediaClient;
  /** C§5: the largest print file in MB (`KASSA_PRINT_FILE_MAX_MB`). */
  printFileMaxMb: number;
  url: URL;
  language: string;
  t: Translate;
}) {
  const { user, client, media, url, language, t } = input;
  const viewer = viewerOf(user);
  const asked = companyScreenQueryOf(url);
  // A§4: only super admins search the companies (the search box is theirs).
  const search = user.is_super_admin ? asked.q : "";

  // The company named by the URL is read beside the list; the list may then change the selection.
  const [list, named, mediaLabel] = await Promise.all([
    fromBackend(() =>
      client.listCompanies({
        page: asked.page,
        per_page: COMPANY_PAGE_SIZE,
        ...(search ? { search } : {}),
      }),
    ),
    asked.company ? companyOrNone(client, asked.company) : undefined,
    mediaTabLabel(language),
  ]);

  // A§4: a selection the platform does not know (or no longer lets the user see) is cleared, and
  // so is one no longer listed among several; then the only company is selected.
  const wanted = named ? asked.company : undefined;
  const reconciled = reconcileCompanySelection(
    list.companies.map((company) => company.id),
    wanted,
  );
  let company: Company | undefined;
  if (reconciled && reconciled === wanted) company = named;
  else if (reconciled) {
    company =
      list.companies.find((listed) => listed.id === reconciled) ??
      (await companyOrNone(client, reconciled));
  }
  const rights = company ? companyRightsOf(viewer, company.id) : undefined;
  const canEdit = rights?.canEdit ?? false;
  const canManageUsers = rights?.canRemoveUsers ?? false;

  let tab: CompanyTab = asked.tab;
  if (!company || (tab === "users" && !canManageUsers) || (tab === "media" && !mediaLabel)) {
    tab = "basic";
  }
  const query: CompanyScreenQuery = { ...asked, company: company?.id, q: search, tab };

  const users =
    company && tab === "users" ? await loadUsers(client, company.id, query, viewer, t) : null;
  const confirmRemoval =
    users?.status === "loaded" && query.remove
      ? (users.rows.find((row) => row.id === query.remove && row.removable) ?? null)
      : null;

  const printFiles =
    company && tab === "media"
      ? await loadPrintFiles({
          client: media,
          companyId: company.id,
          canManage: canEdit,
          limits: printFileLimits(input.printFileMaxMb),
          language,
          t,
        })
      : null;
  const confirmFileRemoval =
    printFiles?.canManage && query.removeFile
      ? (printFiles.rows.find((row) => row.id === query.removeFile) ?? null)
      : null;

  const selected: SelectedCompany | null = company
    ? {
        id: company.id,
        name: company.name,
        organisationNumber: company.organisation_number,
        inactive: isInactive(company),
        creditValid: company.is_credit_valid,
        canEdit,
        canManageUsers,
        form: companyFormValuesOf(company),
        formVersion: versionOf(companyFormValuesOf(company)),
      }
    : null;

  return {
    query,
    isSuperAdmin: user.is_super_admin,
    companies: {
      items: list.companies.map(
        (listed): CompanyChoice => ({
          id: listed.id,
          name: listed.name,
          organisationNumber: listed.organisation_number,
          inactive: isInactive(listed),
        }),
      ),
      page: list.page,
      totalPages: list.total_pages,
      total: list.total,
    },
    selected,
    mediaLabel,
    users,
    confirmRemoval,
    printFiles,
    confirmFileRemoval,
    countries: countryChoices(language, company),
  };
}

export type CompanyScreen = Awaited<ReturnType<typeof loadCompanyScreen>>;
