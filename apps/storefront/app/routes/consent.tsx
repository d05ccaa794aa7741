import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { consentRecord, currentChoices } from "~/modules/analytics/consent";
import { consentCookie, readConsent } from "~/modules/analytics/consent-cookie.server";
import { ConsentForm } from "~/modules/analytics/consent-form";
import { choicesOf, consentFormSchema } from "~/modules/analytics/consent-schema";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { safeRedirectTo } from "~/modules/http/redirect-to";
import { redirectWithToast } from "~/modules/http/toast.server";

/**
 * `/consent`: the cookie settings (issue 30). The footer's "Cookie settings" link opens this page,
 * with or without JavaScript, to change the choice; the banner and this page both post here.
 * Personal (it shows the shopper's own choice), so never shared; no banner on it.
 */
export const handle = { hidesConsentBanner: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const [t, language] = await Promise.all([translatorFor(request), languageOf(request)]);
  const record = readConsent(request);
  const current = currentChoices(record);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"), "/");
  const chosenOn =
    current && record
      ? new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
          new Date(`${record.date}T00:00:00Z`),
        )
      : null;
  return {
    title: `${t("consent.pageTitle")} – ${t("meta.siteName")}`,
    current,
    chosenOn,
    redirectTo,
  };
}

/** Saves the choice for 12 months with the consent version and the day, then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = consentFormSchema.safeParse(form);
  if (!parsed.success) {
    throw new Response("Bad request", { status: 400 });
  }
  const t = await translatorFor(request);
  const record = consentRecord(choicesOf(parsed.data), new Date());
  return redirectWithToast(
    safeRedirectTo(parsed.data.redirectTo, "/"),
    { variant: "success", title: t("consent.saved") },
    [await consentCookie(record)],
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Kassa" },
  { name: "robots", content: "noindex" },
];

export default function ConsentPage() {
  const { current, chosenOn, redirectTo } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageFrame title={t("consent.pageTitle")}>
      <p>{t("consent.intro")}</p>
      <p>{t("consent.pageIntro")}</p>
      {chosenOn ? (
        <p data-testid="consent-date">{t("consent.current", { date: chosenOn })}</p>
      ) : null}
      <ConsentForm redirectTo={redirectTo} current={current} expanded />
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
