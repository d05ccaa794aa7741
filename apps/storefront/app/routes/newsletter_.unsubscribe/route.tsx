import { parseWithZod } from "@conform-to/zod/v4";
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
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { unsubscribe } from "~/modules/newsletter/newsletter.server";

type PageState = "ask" | NewsletterUnsubscribeState;

const TITLES = {
  ask: "newsletter.unsubscribe.title",
  unsubscribed: "newsletter.unsubscribe.doneTitle",
  invalidLink: "newsletter.unsubscribe.invalidLinkTitle",
} as const satisfies Record<PageState, string>;

/**
 * `/newsletter/unsubscribe?token=`: the unsubscribe link of every newsletter mail, and the URL of
 * its `List-Unsubscribe` header. Following the link only asks; the button (a POST) unsubscribes,
 * so a mail scanner that opens every link does not unsubscribe anyone
 * (docs/decisions/0017-newsletter.md). A mail program's own unsubscribe button posts here too
 * (RFC 8058 one-click: `List-Unsubscribe=One-Click`, the token in the URL; ADR 0044).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await translatorFor(request);
  const token = newsletterToken().safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const state: PageState = token.success ? "ask" : "invalidLink";
  return {
    title: `${t("newsletter.unsubscribe.title")} – ${t("meta.siteName")}`,
    state,
    token: token.success ? token.data : "",
  };
}

/** The body a mailbox provider posts for a one-click unsubscribe (RFC 8058 §3.1). */
function isOneClick(form: FormData): boolean {
  return form.get("List-Unsubscribe") === "One-Click";
}

/**
 * The button's post (`intent=unsubscribe`, the token in the form), or a one-click post from a
 * mail program (the token in the link's query, as the header names it). Either way the token
 * alone says whose subscription ends: no cookie, no login. A link that does not work is 400 to a
 * mailbox provider, which then knows the unsubscribe did not happen.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isOneClick(form)) {
    const token = newsletterToken().safeParse(new URL(request.url).searchParams.get("token") ?? "");
    const state: PageState = token.success ? await unsubscribe(context, token.data) : "invalidLink";
    return data({ state }, { status: state === "unsubscribed" ? 200 : 400 });
  }
  const submission = parseWithZod(form, { schema: newsletterUnsubscribeSchema });
  const state: PageState =
    submission.status === "success"
      ? await unsubscribe(context, submission.value.token)
      : "invalidLink";
  return data({ state }, { status: submission.status === "success" ? 200 : 400 });
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
        <Form
          method="post"
          action={`/newsletter/unsubscribe?token=${encodeURIComponent(page.token)}`}
          className="space-y-5"
        >
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="token" value={page.token} />
          <p className="text-stone-700">{t("newsletter.unsubscribe.question")}</p>
          <Button type="submit" busy={busy}>
            {busy ? t("newsletter.unsubscribe.submitting") : t("newsletter.unsubscribe.submit")}
          </Button>
        </Form>
      ) : (
        <>
          <Alert variant={state === "unsubscribed" ? "success" : "warning"} role="status">
            {t(
              state === "unsubscribed"
                ? "newsletter.unsubscribe.done"
                : "newsletter.unsubscribe.invalidLink",
            )}
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
