import { Badge, Card, Pagination } from "@kassa/ui";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CompanySearchForm } from "./company-search-form";
import { type CompanyScreenQuery, companyChoiceHref, companyScreenHref } from "./company-url";
import type { CompanyChoice } from "./company-view";

/**
 * The company selector card (A§2, A§4): the user's companies, 10 a page with Previous/Next and
 * 'Page x of y'; each is a link that selects it (`?company=`), so choosing works without
 * JavaScript and the choice survives a reload. Super admins search above the list.
 */
export function CompanySelector({
  query,
  companies,
  isSuperAdmin,
}: {
  query: CompanyScreenQuery;
  companies: { items: CompanyChoice[]; page: number; totalPages: number };
  isSuperAdmin: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    !navigation.formData;

  return (
    <Card title={t("company.selectorTitle")} headingLevel={2}>
      {isSuperAdmin ? (
        <CompanySearchForm
          id="company-search"
          name="q"
          value={query.q}
          label={t("company.search")}
          hint={t("company.searchHint")}
          submitLabel={t("company.searchSubmit")}
          hiddenFields={{
            company: query.company,
            tab: query.tab === "basic" ? undefined : query.tab,
          }}
          clear={{
            href: companyScreenHref(query, { q: "", page: 1 }),
            label: t("company.clearSearch"),
          }}
        />
      ) : null}
      {companies.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-4 text-stone-700">
          {query.q ? t("company.noOrganisationsFound") : t("company.noneAvailable")}
        </p>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-lg border border-stone-200"
          aria-busy={loading || undefined}
          data-testid="company-choices"
        >
          {companies.items.map((company) => {
            const selected = company.id === query.company;
            return (
              <li key={company.id}>
                <Link
                  to={companyChoiceHref(query, company.id)}
                  preventScrollReset
                  aria-current={selected ? "true" : undefined}
                  className={`flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700 ${
                    selected ? "bg-emerald-50 text-stone-900" : "text-stone-800 hover:bg-stone-50"
                  }`}
                >
                  <span className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-3">
                    <span className="font-medium">{company.name}</span>
                    <span className="text-sm text-stone-600 tabular-nums">
                      {t("company.organisationNumber", { number: company.organisationNumber })}
                    </span>
                  </span>
                  {company.inactive ? (
                    <Badge variant="warning">{t("company.inactiveBadge")}</Badge>
                  ) : null}
                  {selected ? (
                    <Badge variant="success" className="ml-auto">
                      {t("company.selected")}
                    </Badge>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        compact
        page={companies.page}
        totalPages={companies.totalPages}
        hrefForPage={(page) => companyScreenHref(query, { page })}
        linkComponent={Link}
        labels={{
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          page: (page, total) => t("company.pageOf", { page, total }),
          nav: t("company.companyPagination"),
        }}
      />
    </Card>
  );
}
