import { parseWithZod } from "@conform-to/zod/v4";
import {
  NEWSLETTER_SOURCES,
  type NewsletterFailure,
  type NewsletterSource,
  newsletterSignupSchema,
} from "@kassa/domain";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { translatorFor } from "~/modules/http/i18n.server";
import { parseLocaleSegment } from "~/modules/http/locale-url";
import { throwNotFound } from "~/modules/http/not-found.server";
import { publicPageMeta } from "~/modules/http/page-meta";
import { shareOf } from "~/modules/http/share.server";
import { subscribe } from "~/modules/newsletter/newsletter.server";
import { NewsletterBlock } from "~/modules/newsletter/newsletter-block";
import type { NewsletterReply } from "~/modules/newsletter/newsletter-reply";

/**
 * `/newsletter`: where every sign-up block posts (C§2, C§7). With JavaScript a block's fetcher
 * gets the answer and shows it in place; without it the browser lands here, and the page shows the
 * same block with the answer: the field's message and the typed address, or the success text.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  const [t, share] = await Promise.all([translatorFor(request), shareOf(request)]);
  return {
    title: `${t("newsletter.page.title")} – ${t("meta.siteName")}`,
    description: t("newsletter.page.intro"),
    share,
  };
}

function sourceOf(value: FormDataEntryValue | null): NewsletterSource {
  return NEWSLETTER_SOURCES.find((source) => source === value) ?? "storefront-home";
}

/** The status of a C§8 failure's page (without JavaScript it is the document's). */
const FAILURE_STATUS = {
  refused: 400,
  server: 502,
  unexpected: 503,
} as const satisfies Record<NewsletterFailure, number>;

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!parseLocaleSegment(params.locale)) return throwNotFound(request);
  const formData = await request.formData();
  const source = sourceOf(formData.get("source"));
  const submission = parseWithZod(formData, { schema: newsletterSignupSchema });
  if (submission.status !== "success") {
    return data<NewsletterReply>(
      { result: submission.reply(), outcome: null, source },
      { status: 400 },
    );
  }
  const outcome = await subscribe(request, context, submission.value);
  if (outcome.state === "success") {
    return data<NewsletterReply>({
      result: submission.reply({ resetForm: true }),
      outcome: { state: "success", email: submission.value.email },
      source,
    });
  }
  return data<NewsletterReply>(
    { result: submission.reply(), outcome, source },
    { status: FAILURE_STATUS[outcome.failure] },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  publicPageMeta(matches, {
    title: data?.title ?? "Kassa",
    description: data?.description,
    share: data?.share,
  });

export default function NewsletterPage() {
  const reply = useActionData<typeof action>() as NewsletterReply | undefined;
  const { t } = useTranslation();
  return (
    <PageFrame title={t("newsletter.page.title")}>
      <p className="text-stone-700">{t("newsletter.page.intro")}</p>
      <div className="rounded-2xl border border-stone-200 bg-white p-6">
        <NewsletterBlock
          variant="page"
          source={reply?.source ?? "storefront-home"}
          pageReply={reply}
        />
      </div>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
