import { DEFAULT_LANGUAGE, type TranslationKey } from "@kassa/i18n";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { sharedPageHeaders } from "~/modules/cache/shared-page.server";
import { ContentText } from "~/modules/content/content-text";
import { SHOP_DETAILS, shopPhone } from "~/modules/content/shop-details";
import { type ShopPage, sectionsOf, shopPageValues } from "~/modules/content/shop-pages";
import { shopPageAt, slugsOf } from "~/modules/content/shop-pages.server";
import { translatorIn } from "~/modules/http/i18n.server";
import {
  postToPageWithoutForm,
  redirectLegacyOrNotFound,
} from "~/modules/http/locale-routing.server";
import { localePath, parseLocaleSegment } from "~/modules/http/locale-url";
import { errorTitleOf } from "~/modules/http/not-found";
import { throwNotFound } from "~/modules/http/not-found.server";
import { descriptionMeta, publicPageMeta } from "~/modules/http/page-meta";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { shareOf } from "~/modules/http/share.server";

/**
 * The pages every shop has, each at a slug of its own language under the locale: the terms of
 * purchase (`/sv-se/kopvillkor`, `/fi-fi/ostoehdot` as C§2 names it, `/en-fi/terms`), the privacy policy (A§2:
 * `/integritetspolicy`, `/tietosuojaseloste`, `/privacy-policy`), delivery and returns, payment
 * methods, customer service and the company's details. The payment providers' configurations
 * link to the first two (C§2). A slug of any language finds its page; when it is not the slug of
 * the locale's language (`/fi-fi/kopvillkor`, a link written by hand) the shopper is sent to the
 * page's own slug in that language, the query kept, so the address always matches the language of
 * the page.
 */
/** The same for every anonymous visitor: a shared HTTP cache may keep it (ADR 0027). */
export const headers = sharedPageHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = parseLocaleSegment(params.locale);
  // `/produkt/x`, `/kategori/x`: an address from before every page had its locale (ADR 0037).
  if (!locale) return redirectLegacyOrNotFound(request);
  const slug = params.page ?? "";
  const page = await shopPageAt(slug);
  if (!page) return throwNotFound(request);
  const { language } = locale;
  const slugs = await slugsOf(page);
  const url = new URL(request.url);
  const ownSlug = slugs[language] ?? slugs[DEFAULT_LANGUAGE];
  if (slug !== ownSlug) {
    throw redirectOnSite(
      `${localePath(locale, `/${ownSlug}`)}${url.search}`,
      301,
      localePath(locale),
    );
  }
  const t = await translatorIn(language);
  return {
    page,
    values: shopPageValues(language),
    title: `${t(`${page}.title`)} – ${t("meta.siteName")}`,
    description: t(`${page}.intro`),
    share: await shareOf(request),
  };
}

/** A form still open on a page from before the locales (ADR 0037) reaches the new page. */
export const action = postToPageWithoutForm;

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return [{ title: errorTitleOf(error) ?? "Kassa" }, descriptionMeta(matches)];
  return publicPageMeta(matches, {
    title: data.title,
    description: data.description,
    share: data.share,
  });
};

export default function ContentPage() {
  const { page, values } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`${page}.title`)} wide>
      <p className="text-lg text-stone-700">{t(`${page}.intro`, values)}</p>
      {page === "customerService" ? <ContactCard /> : null}
      {sectionsOf(page).map((section) => (
        <PageSection key={section} page={page} section={section} values={values} />
      ))}
    </PageFrame>
  );
}

function PageSection({
  page,
  section,
  values,
}: {
  page: ShopPage;
  section: string;
  values: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const headingId = `section-${section}`;
  // The section names come from the Swedish resource, which defines every language's keys.
  const key = (part: "heading" | "body") => `${page}.sections.${section}.${part}` as TranslationKey;
  return (
    <section aria-labelledby={headingId} className="space-y-3 leading-relaxed text-stone-800">
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-stone-900">
        {t(key("heading"))}
      </h2>
      <ContentText text={t(key("body"), values)} />
    </section>
  );
}

/** Customer service's ways in: phone, email and opening hours. */
function ContactCard() {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="contact-title"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6"
    >
      <h2 id="contact-title" className="text-xl font-semibold tracking-tight text-stone-900">
        {t("customerService.contactTitle")}
      </h2>
      <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-4">
        <div>
          <dt className="text-sm font-medium text-stone-600">{t("customerService.phone")}</dt>
          <dd>
            <a
              href={SHOP_DETAILS.phone.href}
              className="text-lg font-semibold text-emerald-800 underline underline-offset-4"
            >
              {shopPhone(i18n.language)}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-stone-600">{t("customerService.email")}</dt>
          <dd>
            <a
              href={`mailto:${SHOP_DETAILS.email}`}
              className="text-lg font-semibold wrap-anywhere text-emerald-800 underline underline-offset-4"
            >
              {SHOP_DETAILS.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-stone-600">{t("customerService.hoursLabel")}</dt>
          <dd className="text-lg font-semibold text-stone-900">{t("customerService.hours")}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-stone-700">{t("customerService.emailReply")}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
