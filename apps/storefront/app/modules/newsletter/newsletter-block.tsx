import {
  MAX_NEWSLETTER_EMAIL_LENGTH,
  NEWSLETTER_IMAGE,
  type NewsletterSource,
} from "@kassa/domain";
import { Alert, Button, Field, Input } from "@kassa/ui";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import { useReplyField } from "~/modules/http/submission-reply";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { NEWSLETTER_PATH, type NewsletterReply } from "./newsletter-reply";

/** The newsletter's picture (C§9: 1200 × 600); decorative, so it has no alt text. */
export const NEWSLETTER_IMAGE_SRC = "/images/newsletter.svg";

export type NewsletterBlockVariant = "home" | "footer" | "page";

export interface NewsletterBlockProps {
  /**
   * `home`: a card with its heading, intro and the picture beside the form; `footer`: compact,
   * no picture; `page`: the form alone, under the `/newsletter` page's own heading.
   */
  variant: NewsletterBlockVariant;
  /** Where the sign-up is made (sent along to the provider). */
  source: NewsletterSource;
  /** The picture (only the `home` variant shows one): its URL, and alt text or `""` when decorative. */
  image?: { src: string; alt: string };
  /** The action's answer when the page itself was posted (JavaScript off). */
  pageReply?: NewsletterReply;
}

/**
 * The newsletter sign-up block (C§2, C§4): an email field and a submit button. With JavaScript a
 * fetcher posts to `/newsletter` and the block shows its states in place: idle, loading (the
 * button busy), success (a polite live region: check your inbox to confirm) and error (the field's
 * message under it, or C§8's message). Without JavaScript the same form posts to the `/newsletter`
 * page, which renders this block with the answer. Each variant has ids of its own, so two blocks
 * can share a page.
 */
export function NewsletterBlock({ variant, source, image, pageReply }: NewsletterBlockProps) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const formId = `newsletter-${variant}`;
  const fetcher = useFetcher<NewsletterReply>({ key: formId });
  const pending = fetcher.state !== "idle";
  const reply = pending ? undefined : (fetcher.data ?? pageReply);
  // `/newsletter` validates with the schema and its answer shows under the field. No zod nor
  // conform in the browser: the block is in every page's footer (issue 15).
  const email = useReplyField(reply?.result, "email");
  const outcome = reply?.outcome ?? null;
  const headingId = `${formId}-title`;
  const compact = variant === "footer";
  const picture = variant === "home" ? image : undefined;

  const body = (
    <fetcher.Form
      method="post"
      action={paths.to(NEWSLETTER_PATH)}
      preventScrollReset
      id={formId}
      noValidate
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="subscribe" />
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={t(compact ? "newsletter.footerEmail" : "newsletter.email")}
          id={`${formId}-email`}
          errors={translateErrors(email.errors, t)}
          className="min-w-0 flex-1"
        >
          <Input
            key={email.key}
            name="email"
            type="email"
            defaultValue={email.value ?? ""}
            required
            maxLength={MAX_NEWSLETTER_EMAIL_LENGTH}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
        </Field>
        <Button type="submit" busy={pending} size="sm" className="shrink-0 px-5 sm:mt-[1.625rem]">
          {pending ? t("newsletter.submitting") : t("newsletter.submit")}
        </Button>
      </div>
      <div role="status" aria-live="polite" aria-atomic="true">
        {outcome?.state === "success" ? (
          <div
            className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
            data-testid="newsletter-success"
          >
            <p className="font-semibold">{t("newsletter.success.title")}</p>
            <p className="mt-1 leading-relaxed wrap-anywhere">
              {t("newsletter.success.checkInbox", { email: outcome.email })}
            </p>
          </div>
        ) : null}
      </div>
      {outcome?.state === "error" ? (
        <Alert variant="error">{t(outcome.message, { defaultValue: outcome.message })}</Alert>
      ) : null}
    </fetcher.Form>
  );

  if (variant === "page") return body;

  if (compact) {
    return (
      <section
        aria-labelledby={headingId}
        className="flex min-w-0 flex-col gap-2"
        data-testid={formId}
      >
        <h2 id={headingId} className="text-base font-semibold text-stone-900">
          {t("newsletter.footerTitle")}
        </h2>
        <p>{t("newsletter.footerIntro")}</p>
        {body}
      </section>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid={formId}
      className="grid overflow-hidden rounded-2xl border border-stone-200 bg-white lg:grid-cols-2"
    >
      <div className="flex min-w-0 flex-col justify-center gap-4 p-6 sm:p-10">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight text-stone-900">
          {t("newsletter.title")}
        </h2>
        <p className="text-stone-700">{t("newsletter.intro")}</p>
        {body}
      </div>
      {picture ? (
        <img
          src={picture.src}
          alt={picture.alt}
          width={NEWSLETTER_IMAGE.width}
          height={NEWSLETTER_IMAGE.height}
          loading="lazy"
          decoding="async"
          className="order-first aspect-[2/1] h-auto w-full object-cover lg:order-last lg:aspect-auto lg:h-full"
        />
      ) : null}
    </section>
  );
}
