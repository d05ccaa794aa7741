import { Badge, Card } from "@kassa/ui";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { requireLogin } from "~/modules/account/auth.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";

/** `/my-account/overview/`: where a login lands by default (A§2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [login, t] = await Promise.all([requireLogin(request, context), translatorFor(request)]);
  const { user } = login;
  return data(
    {
      title: `${t("myAccount.title")} – ${t("meta.siteName")}`,
      user: {
        firstName: user.first_name,
        email: user.email,
        // A§2: the company screen is for members of a company and for super admins.
        seesCompanies: user.organisations.length > 0 || user.is_super_admin,
        // Issue 32: quick order is for company buyers (anyone logged in may still open it).
        seesQuickOrder: user.organisations.length > 0,
        organisations: user.organisations.map(({ id, name, organisation_number, role, level }) => ({
          id,
          name,
          organisationNumber: organisation_number,
          role,
          level,
        })),
      },
    },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function AccountOverview() {
  const { user } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageFrame title={t("myAccount.title")} wide>
      <p className="text-lg" data-testid="account-greeting">
        {t("myAccount.greeting", { name: user.firstName || user.email })}
      </p>
      <p className="text-sm text-stone-600">{t("myAccount.signedInAs", { email: user.email })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card title={t("myAccount.profileLink")} headingLevel={2}>
          <p className="text-sm text-stone-700">{t("myAccount.profileLinkDescription")}</p>
          <Link
            to="/my-account/credentials/"
            className="mt-3 inline-block font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("myAccount.profileLink")}
          </Link>
        </Card>
        <Card title={t("orders.link")} headingLevel={2}>
          <p className="text-sm text-stone-700">{t("orders.linkDescription")}</p>
          <Link
            to="/my-account/orders/"
            className="mt-3 inline-block font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("orders.title")}
          </Link>
        </Card>
        {user.seesQuickOrder ? (
          <Card title={t("quickOrder.link")} headingLevel={2}>
            <p className="text-sm text-stone-700">{t("quickOrder.linkDescription")}</p>
            <Link
              to="/my-account/quick-order/"
              className="mt-3 inline-block font-medium text-emerald-800 underline underline-offset-4"
              data-testid="quick-order-link"
            >
              {t("quickOrder.title")}
            </Link>
          </Card>
        ) : null}
        {user.seesCompanies ? (
          <Card title={t("company.link")} headingLevel={2}>
            <p className="text-sm text-stone-700">{t("company.linkDescription")}</p>
            <Link
              to="/my-account/company/"
              className="mt-3 inline-block font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("company.title")}
            </Link>
          </Card>
        ) : null}
        <Card title={t("myAccount.organisations")} headingLevel={2}>
          {user.organisations.length === 0 ? (
            <p className="text-sm text-stone-700">{t("myAccount.noOrganisations")}</p>
          ) : (
            <ul className="space-y-2">
              {user.organisations.map((organisation) => (
                <li key={organisation.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{organisation.name}</span>
                  <span className="text-stone-600">{organisation.organisationNumber}</span>
                  <Badge variant="neutral">
                    {t("myAccount.role", {
                      role:
                        organisation.role === "agent"
                          ? t("myAccount.roleAgent")
                          : organisation.level === "admin"
                            ? t("myAccount.roleAdmin")
                            : t("myAccount.roleMember"),
                    })}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
