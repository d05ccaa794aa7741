import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor, translatorIn } from "~/modules/http/i18n.server";

/** The content pages, each at a translated slug. */
const PAGES = ["privacy", "terms"] as const;
type Page = (typeof PAGES)[number];

/**
 * One-segment content pages at translated slugs: the privacy policy (A§2: `/integritetspolicy/`,
 * `/tietosuojaseloste/`, `/privacy-policy/`) and the terms of purchase (`/kopvillkor/`,
 * `/ostoehdot/`, `/terms/`), which the payment providers' configurations link to (C§2).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slugs = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => {
      const t = await translatorIn(language);
      return PAGES.map((page) => [t(`${page}.slug`), page] as const);
    }),
  );
  const page: Page | undefined = new Map(slugs.flat()).get(params.page ?? "");
  if (!page) {
    throw data({ reason: "not-found" }, { status: 404 });
  }
  const t = await translatorFor(request);
  return { page, title: `${t(`${page}.title`)} – ${t("meta.siteName")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Kassa" }];

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageFrame title={t(`${page}.title`)} wide>
      <p className="max-w-prose text-stone-800">{t(`${page}.body`)}</p>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
