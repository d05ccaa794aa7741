import { type NewsletterConfirmState, newsletterToken } from "@kassa/domain";
import { Alert, buttonClasses } from "@kassa/ui";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor } from "~/modules/http/i18n.server";
import { keepLinkPageData } from "~/modules/http/link-page";
import {
  forgetLinkToken,
  linkTokenOf,
  moveLinkTokenToCookie,
} from "~/modules/http/link-token.server";
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
 * before, or a link that is unknown or expired, with a way to sign up again. The token leaves the
 * address at once (ADR 0050): the GET answers 303 to `/newsletter/confirm`, whose page confirms
 * with the token from its cookie and expires the cookie.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await moveLinkTokenToCookie(request, "newsletterConfirm", { context });
  const t = await translatorFor(request);
  const linkToken = await linkTokenOf(request, "newsletterConfirm");
  const token = newsletterToken().safeParse(linkToken ?? "");
  const state: NewsletterConfirmState = token.success
    ? await confirm(context, token.data)
    : "invalidLink";
  return data(
    { title: `${t(TEXTS[state].title)} – ${t("meta.siteName")}`, state },
    linkToken
      ? { headers: { "Set-Cookie": await forgetLinkToken("newsletterConfirm") } }
      : undefined,
  );
}

/** The answer stays while the shopper stays on the page (the token was used, and is gone). */
export const shouldRevalidate = keepLinkPageData;

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
