import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor, translatorIn } from "~/modules/http/i18n.server";

/**
 * One-segment content pages. The privacy policy lives at `/{privacy-policy-slug}/`, the slug a
 * translated value (A§2): `/integritetspolicy/`, `/tietosuojaseloste/`, `/privacy-policy/`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slugs = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => (await translatorIn(language))("privacy.slug")),
  );
  if (!slugs.includes(params.page ?? "")) {
    throw data({ reason: "not-found" }, { status: 404 });
  }
  const t = await translatorFor(request);
  return { title: `${t("privacy.title")} – ${t("meta.siteName")}` };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Kassa" }];

export default function ContentPage() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PageFrame title={t("privacy.title")} wide>
      <p className="max-w-prose text-stone-800">{t("privacy.body")}</p>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
