import { Alert, TabLinks } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { showToast } from "~/components/toast-host";
import { requireLogin } from "~/modules/account/auth.server";
import { CompanyForm } from "~/modules/company/company-form";
import { companyIntentOf } from "~/modules/company/company-intents";
import { CompanySelector } from "~/modules/company/company-selector";
import { type CompanyTab, companyScreenHref, companyTabHref } from "~/modules/company/company-url";
import { CompanyUsers } from "~/modules/company/company-users";
import { viewerOf } from "~/modules/company/company-viewer";
import { creditWarning } from "~/modules/company/credit-warning";
import { companiesClient, mediaClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { logger } from "~/modules/http/logger.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import {
  isPrintFileIntent,
  printFileLimits,
  printFilesAction,
  uploadTooLarge,
} from "~/modules/media/print-files.server";
import { PrintFilesCard } from "~/modules/media/print-files-card";
import type { PrintFilesToast } from "~/modules/media/print-files-view";
import { maxUploadBodyBytes } from "~/modules/media/upload-body-limit";
import {
  type CompanyFormActionData,
  changeAddressList,
  removeCompanyUser,
  saveCompany,
} from "./company-actions.server";
import { loadCompanyScreen } from "./company-screen.server";

/**
 * The company information screen of the account area (A§2, A§4–A§6, A§8): a company selector,
 * and for the selected company the basic tab (the company form) and the users tab. Everything
 * the screen shows is in its URL, and every change is a form post, so it all works without
 * JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [login, t, language, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    languageOf(request),
    marketOf(request),
  ]);
  const screen = await loadCompanyScreen({
    user: login.user,
    client: companiesClient(login.accessToken),
    media: mediaClient(login.accessToken),
    printFileMaxMb: config().settings.printFileMaxMb,
    url: new URL(request.url),
    language,
    t,
  });
  return data(
    {
      title: `${t("company.title")} – ${t("meta.siteName")}`,
      screen,
      // A§3, A§5: a new address's country and the phone's calling code: the market's country.
      marketCountry: market.country,
    },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const [login, t, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
  ]);
  // The largest post is an upload of print files at their limits; anything bigger is not read
  // (the server refuses it before, and cuts off a chunked one: server/body-limit.ts).
  const limits = printFileLimits(config().settings.printFileMaxMb);
  if (Number(request.headers.get("content-length") ?? 0) > maxUploadBodyBytes(limits)) {
    return uploadTooLarge(t);
  }
  const formData = await request.formData();
  const companyId = String(formData.get("company") ?? "").trim();
  const postedIntent = formData.get("intent");
  if (isPrintFileIntent(postedIntent) && companyId) {
    // Back to the card as it was, without a delete confirmation.
    const url = new URL(request.url);
    url.searchParams.delete("remove_file");
    return printFilesAction(postedIntent, {
      formData,
      client: mediaClient(login.accessToken),
      companyId,
      limits,
      t,
      redirectTo: `${url.pathname}${url.search}`,
      setCookies: login.setCookies,
    });
  }
  const intent = companyIntentOf(postedIntent);
  if (!intent || !companyId) {
    throw data({ message: t("error.badRequest") }, { status: 400 });
  }
  const viewer = viewerOf(login.user);
  const client = companiesClient(login.accessToken);
  const headers = headersSettingCookies(login.setCookies);

  if (intent.type === "remove-user") {
    const userId = String(formData.get("user_id") ?? "").trim();
    const failed = userId
      ? await removeCompanyUser({ client, viewer, companyId, userId, t })
      : t("company.users.removeFailed", { message: t("error.badRequest") });
    // Back to the list without the confirmation either way; it is read again. A§4: a failed
    // removal is logged and cleared: the row's spinner ends, nothing stays on the screen, and
    // A§8's 'Failed to remove user: {message}' is said once, as a toast that goes by itself.
    const url = new URL(request.url);
    url.searchParams.delete("remove");
    if (failed !== null) {
      logger().warn(
        { companyId, userId: userId || undefined },
        `company user removal failed: company ${companyId}, user ${userId || "(none)"}: ${failed}`,
      );
    }
    return redirectWithToast(
      `${url.pathname}${url.search}`,
      failed === null
        ? { variant: "success", title: t("company.users.removed") }
        : { variant: "error", title: failed },
      login.setCookies,
    );
  }

  const answer =
    intent.type === "save"
      ? await saveCompany({ formData, client, viewer, companyId, marketCountry: market.country })
      : changeAddressList({
          formData,
          intent,
          viewer,
          companyId,
          t,
          newAddressCountry: market.country,
        });
  return data<CompanyFormActionData>(answer.data, { status: answer.status, headers });
}

/** C§8's media toasts, shown as the toasts of the page (C§9 defaults). */
let shownToasts = 0;
function notify(toast: PrintFilesToast): void {
  shownToasts += 1;
  showToast({ id: `print-files-${shownToasts}`, ...toast });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function CompanyPage() {
  const { screen, marketCountry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const { query, selected } = screen;
  const creditText = selected
    ? creditWarning(i18n, "company.notCreditValid", selected.creditValid)
    : null;
  const formAnswer = actionData?.kind === "company-form" ? actionData : undefined;
  const printFilesAnswer = actionData?.kind === "print-files" ? actionData : undefined;

  // C§8: a print files post that failed (with JavaScript; the card says it without).
  useEffect(() => {
    if (printFilesAnswer) notify(printFilesAnswer.toast);
  }, [printFilesAnswer]);

  // A§2: basic is dimmed until a company is chosen; media shows only when it has a label, and
  // users only opens for admins and super admins.
  const tabs: { id: CompanyTab; label: string; href: string; disabled: boolean }[] = [
    {
      id: "basic",
      label: t("company.tabs.basic"),
      href: companyTabHref(query, "basic"),
      disabled: !selected,
    },
    ...(screen.mediaLabel
      ? [
          {
            id: "media" as const,
            label: screen.mediaLabel,
            href: companyTabHref(query, "media"),
            disabled: !selected,
          },
        ]
      : []),
    {
      id: "users",
      label: t("company.tabs.users"),
      href: companyTabHref(query, "users"),
      disabled: !selected?.canManageUsers,
    },
  ];

  return (
    <PageFrame
      title={t("company.title")}
      wide
      back={
        <Link
          to="/my-account/overview/"
          className="text-sm text-emerald-800 underline underline-offset-4"
        >
          {t("myAccount.backToAccount")}
        </Link>
      }
    >
      <p className="text-stone-700">{t("company.intro")}</p>
      <CompanySelector
        query={query}
        companies={screen.companies}
        isSuperAdmin={screen.isSuperAdmin}
      />

      <section
        aria-labelledby="selected-company-title"
        className="space-y-4"
        data-testid="selected-company"
      >
        <div className="space-y-1">
          <h2 id="selected-company-title" className="text-2xl font-semibold text-stone-900">
            {selected ? selected.name : t("company.noneSelected")}
          </h2>
          {selected ? (
            <p className="text-sm text-stone-600 tabular-nums">
              {t("company.organisationNumber", { number: selected.organisationNumber })}
            </p>
          ) : null}
        </div>
        {selected?.inactive ? <Alert variant="warning">{t("company.inactive")}</Alert> : null}
        {/* A§4: the credit warning shows only when a translation for it exists. */}
        {creditText ? <Alert variant="warning">{creditText}</Alert> : null}
        <TabLinks
          label={t("company.tabs.label")}
          tabs={tabs}
          current={query.tab}
          linkComponent={Link}
        />
        {!selected ? (
          <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-stone-700">
            {t("company.choose")}
          </p>
        ) : query.tab === "media" && screen.printFiles ? (
          <PrintFilesCard
            view={screen.printFiles}
            companyId={selected.id}
            actionData={printFilesAnswer}
            confirmRemoval={screen.confirmFileRemoval}
            removeHref={(fileId) => companyScreenHref(query, { removeFile: fileId })}
            cancelRemoveHref={companyScreenHref(query, { removeFile: undefined })}
            notify={notify}
          />
        ) : query.tab === "users" && screen.users ? (
          <CompanyUsers
            query={query}
            companyName={selected.name}
            users={screen.users}
            confirmRemoval={screen.confirmRemoval}
          />
        ) : (
          <CompanyForm
            // A§4: the form starts over with the company's data when the selection changes or
            // the data does (after a save: the platform's values, normalised).
            key={`${selected.id}:${selected.formVersion}`}
            company={selected}
            countries={screen.countries}
            marketCountry={marketCountry}
            answer={formAnswer}
          />
        )}
      </section>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
