import { type NewsletterConfirmState, newsletterToken } from "@kassa/domain";
import { Alert, buttonClasses } from "@kassa/ui";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor } from "~/modules/http/i18n.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { confirm } from "~/modules/newsletter/newsletter.server";

/** The heading and text of each state, as `newsletter.confirm.*` keys. */
const TEXTS = {
  confirmed: { title: "newsletter.confirm.confirmedTitle", text: "newsletter.confirm.confirmed" },
  alreadyConfirmed: {
    title: "newsletter.confirm.alreadyConfirmedTitle",
    text: "newsletter.confirm.alreadyConfirmed",
  },
  invalidLink: {
    title: "newsletter.confirm.invalidLinkTitle",
    text: "newsletter.confirm.invalidLink",
  },
} as const satisfies Record<NewsletterConfirmState, { title: string; text: string }>;

/**
 * `/newsletter/confirm?token=`: the link of the double opt-in mail. Following it confirms the
 * subscription (a mail link is a GET; docs/decisions/0017-newsletter.md): confirmed, confirmed
 * before, or a link that is unknown or expired, with a way to sign up again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await translatorFor(request);
  const token = newsletterToken().safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const state: NewsletterConfirmState = token.success
    ? await confirm(context, token.data)
    : "invalidLink";
  return { title: `${t(TEXTS[state].title)} – ${t("meta.siteName")}`, state };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function NewsletterConfirmPage() {
  const { state } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const texts = TEXTS[state];
  return (
    <PageFrame title={t(texts.title)}>
      <Alert variant={state === "invalidLink" ? "warning" : "success"} role="status">
        {t(texts.text)}
      </Alert>
      <p className="flex flex-wrap gap-3">
        {state === "invalidLink" ? (
          <Link to={paths.to("/newsletter")} className={buttonClasses()}>
            {t("newsletter.confirm.subscribeAgain")}
          </Link>
        ) : null}
        <Link
          to={paths.home}
          className={buttonClasses({ variant: state === "invalidLink" ? "secondary" : "primary" })}
        >
          {t("newsletter.confirm.toShop")}
        </Link>
      </p>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
