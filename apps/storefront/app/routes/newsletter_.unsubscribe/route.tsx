import {
  type NewsletterUnsubscribeState,
  newsletterToken,
  newsletterUnsubscribeSchema,
} from "@kassa/domain";
import { Alert, Button, buttonClasses } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor } from "~/modules/http/i18n.server";
import { keepLinkPageData } from "~/modules/http/link-page";
import {
  answeringPostToLink,
  forgetLinkToken,
  linkTokenOf,
  moveLinkTokenToCookie,
} from "~/modules/http/link-token.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { unsubscribe } from "~/modules/newsletter/newsletter.server";

/** `linkLost`: the button was pressed after the link's cookie was gone (minutes, ADR 0050). */
type PageState = "ask" | NewsletterUnsubscribeState | "linkLost";

const TITLES = {
  ask: "newsletter.unsubscribe.title",
  unsubscribed: "newsletter.unsubscribe.doneTitle",
  invalidLink: "newsletter.unsubscribe.invalidLinkTitle",
  linkLost: "linkPage.reopenTitle",
} as const satisfies Record<PageState, string>;

/**
 * `/newsletter/unsubscribe?token=`: the unsubscribe link of every newsletter mail, and the URL of
 * its `List-Unsubscribe` header. Following the link only asks; the button (a POST) unsubscribes,
 * so a mail scanner that opens every link does not unsubscribe anyone
 * (docs/decisions/0017-newsletter.md). A mail program's own unsubscribe button posts here too
 * (RFC 8058 one-click: `List-Unsubscribe=One-Click`, the token in the URL; ADR 0044).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The link's token leaves the address at once, into the page's cookie (ADR 0050).
  await moveLinkTokenToCookie(request, "newsletterUnsubscribe", { context });
  const t = await translatorFor(request);
  const token = newsletterToken().safeParse(
    (await linkTokenOf(request, "newsletterUnsubscribe")) ?? "",
  );
  const state: PageState = token.success ? "ask" : "invalidLink";
  return { title: `${t("newsletter.unsubscribe.title")} – ${t("meta.siteName")}`, state };
}

/** The page keeps its question or answer while the shopper stays on it. */
export const shouldRevalidate = keepLinkPageData;

/** The body a mailbox provider posts for a one-click unsubscribe (RFC 8058 §3.1). */
function isOneClick(form: FormData): boolean {
  return form.get("List-Unsubscribe") === "One-Click";
}

/**
 * The button's post (`intent=unsubscribe`; the token from the page's cookie, which then goes), or
 * a one-click post from a mail program (the token in the link's query, as the header names it,
 * RFC 8058: that post keeps its address). Either way the token alone says whose subscription
 * ends: no login. A link that does not work is 400 to a mailbox provider, which then knows the
 * unsubscribe did not happen.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isOneClick(form)) {
    answeringPostToLink(context);
    const token = newsletterToken().safeParse(new URL(request.url).searchParams.get("token") ?? "");
    const state: PageState = token.success ? await unsubscribe(context, token.data) : "invalidLink";
    return data({ state }, { status: state === "unsubscribed" ? 200 : 400 });
  }
  const token = await linkTokenOf(request, "newsletterUnsubscribe");
  if (form.get("intent") === "unsubscribe" && token === undefined) {
    return data({ state: "linkLost" as PageState }, { status: 400 });
  }
  const submission = newsletterUnsubscribeSchema.safeParse({ intent: form.get("intent"), token });
  const state: PageState = submission.success
    ? await unsubscribe(context, submission.data.token)
    : "invalidLink";
  return data(
    { state },
    {
      status: submission.success ? 200 : 400,
      headers: headersSettingCookies(token ? [await forgetLinkToken("newsletterUnsubscribe")] : []),
    },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function NewsletterUnsubscribePage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const state = answer?.state ?? page.state;
  const busy = navigation.state === "submitting";

  return (
    <PageFrame title={t(TITLES[state])}>
      {state === "ask" ? (
        <Form method="post" action="/newsletter/unsubscribe" className="space-y-5">
          <input type="hidden" name="intent" value="unsubscribe" />
          <p className="text-stone-700">{t("newsletter.unsubscribe.question")}</p>
          <Button type="submit" busy={busy}>
            {busy ? t("newsletter.unsubscribe.submitting") : t("newsletter.unsubscribe.submit")}
          </Button>
        </Form>
      ) : (
        <>
          <Alert variant={state === "unsubscribed" ? "success" : "warning"} role="status">
            {state === "unsubscribed"
              ? t("newsletter.unsubscribe.done")
              : state === "linkLost"
                ? t("linkPage.reopen")
                : t("newsletter.unsubscribe.invalidLink")}
          </Alert>
          <p>
            <Link to={paths.home} className={buttonClasses()}>
              {t("newsletter.confirm.toShop")}
            </Link>
          </p>
        </>
      )}
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
