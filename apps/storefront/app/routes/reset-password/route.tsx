import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { RESEND_COUNTDOWN_SECONDS } from "@kassa/domain";
import type { TranslationKey } from "@kassa/i18n";
import { Button, Card, CountdownText, Field, Input } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { useCountdown } from "~/hooks/use-countdown";
import { NewPasswordFields } from "~/modules/account/new-password-fields";
import { readSignupToken } from "~/modules/account/signup-token.server";
import { accountClient } from "~/modules/http/clients.server";
import { translateErrors } from "~/modules/http/form-errors";
import { translatorFor } from "~/modules/http/i18n.server";
import { keepLinkPageData } from "~/modules/http/link-page";
import {
  forgetLinkToken,
  linkTokenOf,
  moveLinkTokenToCookie,
} from "~/modules/http/link-token.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import {
  type ResetPasswordIntent,
  requestResetSchema,
  resetPasswordIntents,
  type SetPasswordForm,
  setPasswordSchema,
} from "./intents";
import { type ForgotState, resetLinkOutcome, verifyLinkOutcome } from "./outcomes";

/**
 * `/reset-password/` (A§2): without a link, the forgot-password states (form → checkEmail,
 * emailNotVerified → emailVerfySent, emailNotFound); opened by the mail's link, the
 * set-new-password form. The link's `?token=` leaves the address at once (ADR 0050): the GET
 * answers 303 to `/reset-password/` and the token waits in the page's cookie until the new
 * password is posted, never in the page itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await moveLinkTokenToCookie(request, "resetPassword");
  const t = await translatorFor(request);
  const hasLink = (await linkTokenOf(request, "resetPassword")) !== undefined;
  return {
    title: `${t(hasLink ? "resetPassword.title" : "forgotPassword.title")} – ${t("meta.siteName")}`,
    hasLink,
  };
}

/** The page keeps the link's form while the shopper stays on it (its `.data` has no token). */
export const shouldRevalidate = keepLinkPageData;

type ResetState =
  | { state: "passwordUpdated" }
  | { state: "linkExpired" }
  | { state: "linkNotFound" }
  /** The page outlived its link's cookie (or the browser keeps none): open the link again. */
  | { state: "linkLost" };

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordIntents });
  if (submission.status !== "success") {
    // The answer goes back to the form that posted: the new password's, else the forgot-password form.
    if (submission.payload.intent === "set-password") {
      const result = submission.reply({ hideFields: ["password", "confirmPassword"] });
      return data({ intent: "set-password" as const, result, outcome: null }, { status: 400 });
    }
    return data(
      { intent: "request-reset" as const, result: submission.reply(), outcome: null },
      { status: 400 },
    );
  }
  const form = submission.value;
  const accounts = accountClient(context);

  if (form.intent === "set-password") {
    const token = await linkTokenOf(request, "resetPassword");
    if (!token) {
      const outcome: ResetState = { state: "linkLost" };
      return data(
        { intent: form.intent, result: submission.reply({ resetForm: true }), outcome },
        { status: 400 },
      );
    }
    const reply = await accounts.resetPassword({
      password: form.password,
      reset_password_token: token,
    });
    // A§4: the message 'Password updated' marks success; A§8: details with 'link expired'.
    const outcome: ResetState =
      reply.ok && reply.data.message === ACCOUNT_DETAILS.passwordUpdated
        ? { state: "passwordUpdated" }
        : !reply.ok && reply.details.includes(ACCOUNT_DETAILS.linkExpired)
          ? { state: "linkExpired" }
          : { state: "linkNotFound" };
    // The token was used, whatever the answer: its cookie goes.
    return data(
      { intent: form.intent, result: submission.reply({ resetForm: true }), outcome },
      {
        status: outcome.state === "passwordUpdated" ? 200 : 400,
        headers: headersSettingCookies([await forgetLinkToken("resetPassword")]),
      },
    );
  }

  const { email } = form;
  const resendAt = Date.now() + RESEND_COUNTDOWN_SECONDS * 1000;

  if (form.intent === "resend-verification") {
    // With this browser's signup token the platform sends that signup's link; without one, a link
    // to confirm the address by choosing a password (docs/decisions/0008-unconfirmed-signups.md).
    const sent = await accounts.createVerifyLink(email, {
      signupToken: await readSignupToken(request),
    });
    const outcome: ForgotState = verifyLinkOutcome(sent, email, resendAt);
    return data({ intent: form.intent, result: submission.reply(), outcome });
  }
  const created = await accounts.createResetPasswordLink(email);
  const outcome: ForgotState = resetLinkOutcome(created, email, resendAt);
  return data({ intent: form.intent, result: submission.reply(), outcome });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function ResetPasswordPage() {
  const { hasLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // After the post the answer shows, even once the link's cookie is gone.
  return hasLink || actionData?.intent === "set-password" ? <SetNewPassword /> : <ForgotPassword />;
}

function ForgotPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const outcome =
    actionData && actionData.intent !== "set-password"
      ? (actionData.outcome as ForgotState | null)
      : null;
  const resendAt = outcome && "resendAt" in outcome ? outcome.resendAt : null;
  const secondsLeft = useCountdown(resendAt, RESEND_COUNTDOWN_SECONDS);
  const [form, fields] = useForm({
    lastResult: actionData?.intent === "request-reset" && !outcome ? actionData.result : undefined,
    constraint: getZodConstraint(requestResetSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestResetSchema }),
  });
  const sending = navigation.state === "submitting";

  const resendButton = (
    email: string,
    intent: Exclude<ResetPasswordIntent, "set-password">,
    label: string,
  ) => (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      <Button
        type="submit"
        variant="secondary"
        disabled={intent === "request-reset" && secondsLeft > 0}
        busy={sending}
      >
        {label}
      </Button>
      {intent === "request-reset" && secondsLeft > 0 ? (
        <p className="text-sm text-stone-600" data-testid="resend-countdown">
          <CountdownText
            seconds={secondsLeft}
            label={(time) => t("forgotPassword.resendIn", { time })}
          />
        </p>
      ) : null}
    </Form>
  );

  const card = outcome ? outcomeCard(outcome, t) : null;
  const body = card ? (
    <Card title={card.title} headingLevel={2} tone={card.tone}>
      <p role={card.alert ? "alert" : undefined}>{card.text}</p>
      {outcome?.state === "emailNotFound" ? (
        <p className="mt-3">
          <Link to="/signup/" className="font-medium text-emerald-800 underline underline-offset-4">
            {t("forgotPassword.signupLink")}
          </Link>
        </p>
      ) : null}
      {card.action && outcome ? (
        <div className="mt-4">
          {resendButton(outcome.email, card.action.intent, card.action.label)}
        </div>
      ) : null}
    </Card>
  ) : (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6"
    >
      <input type="hidden" name="intent" value="request-reset" />
      <p className="text-sm text-stone-700">{t("forgotPassword.intro")}</p>
      <Field
        label={t("forgotPassword.email")}
        id={fields.email.id}
        errors={translateErrors(fields.email.errors, t)}
      >
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
      </Field>
      <Button type="submit" busy={sending} className="w-full">
        {sending ? t("forgotPassword.submitting") : t("forgotPassword.submit")}
      </Button>
    </Form>
  );

  return (
    <PageFrame title={t("forgotPassword.title")}>
      <div data-testid="forgot-password-state" data-state={outcome?.state ?? "form"}>
        {body}
      </div>
      <p className="flex gap-4 text-sm">
        <Link to="/login/" className="font-medium text-emerald-800 underline underline-offset-4">
          {t("forgotPassword.backToLogin")}
        </Link>
        <Link to="/signup/" className="font-medium text-emerald-800 underline underline-offset-4">
          {t("forgotPassword.signupLink")}
        </Link>
      </p>
    </PageFrame>
  );
}

function SetNewPassword() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const outcome =
    actionData?.intent === "set-password" ? (actionData.outcome as ResetState | null) : null;
  const [form, fields] = useForm<SetPasswordForm>({
    lastResult: actionData?.intent === "set-password" && !outcome ? actionData.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  // A document post (`reloadDocument`): only the page's own address carries the link's cookie,
  // not the `.data` address a script's post would go to. Busy from a valid submit on.
  const [saving, setSaving] = useState(false);
  const formProps = getFormProps(form);

  if (outcome?.state === "passwordUpdated") {
    return (
      <PageFrame title={t("resetPassword.title")}>
        <Card title={t("resetPassword.successTitle")} headingLevel={2} tone="success">
          <p>{t("resetPassword.success")}</p>
          <p className="mt-4">
            <Link
              to="/login/"
              className="font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("resetPassword.loginLink")}
            </Link>
          </p>
        </Card>
      </PageFrame>
    );
  }
  if (outcome) {
    const lost = outcome.state === "linkLost";
    return (
      <PageFrame title={t("resetPassword.title")}>
        <Card
          title={lost ? t("linkPage.reopenTitle") : t("resetPassword.expiredTitle")}
          headingLevel={2}
          tone="error"
        >
          <p role="alert">
            {lost
              ? t("linkPage.reopen")
              : outcome.state === "linkExpired"
                ? t("resetPassword.expired")
                : t("resetPassword.notFound")}
          </p>
          <p className="mt-4">
            <Link
              to="/reset-password/"
              reloadDocument
              className="font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("resetPassword.requestNew")}
            </Link>
          </p>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t("resetPassword.title")}>
      <Form
        method="post"
        reloadDocument
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (!event.defaultPrevented) setSaving(true);
        }}
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6"
      >
        <input type="hidden" name="intent" value="set-password" />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          passwordLabel={t("resetPassword.newPassword")}
          confirmLabel={t("resetPassword.confirmPassword")}
        />
        <Button type="submit" busy={saving} className="w-full">
          {saving ? t("resetPassword.submitting") : t("resetPassword.submit")}
        </Button>
      </Form>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** What each forgot-password state shows (A§2): its card, and the button it offers, if any. */
function outcomeCard(
  outcome: ForgotState,
  // A plain signature, not i18next's: inferring its generic return type from this function's
  // annotated result costs tsc minutes once the resources grow (measured: 21 s → over 6 min).
  t: (key: TranslationKey, options?: Record<string, string | number>) => string,
): {
  title: string;
  text: string;
  tone?: "success" | "error";
  /** Announced at once: the request did not do what was asked. */
  alert?: boolean;
  action?: { intent: Exclude<ResetPasswordIntent, "set-password">; label: string };
} {
  const { email } = outcome;
  // Annotated rather than `as const`: a literal type of a `t()` result is too deep for tsc.
  const sendReset: { intent: "request-reset"; label: string } = {
    intent: "request-reset",
    label: t("forgotPassword.resend"),
  };
  const sendVerification: { intent: "resend-verification"; label: string } = {
    intent: "resend-verification",
    label: t("forgotPassword.resendVerification"),
  };
  switch (outcome.state) {
    case "checkEmail":
      return {
        title: t("forgotPassword.checkEmailTitle"),
        text: t("forgotPassword.checkEmail", { email }),
        tone: "success",
        action: sendReset,
      };
    case "emailNotVerified":
      return {
        title: t("forgotPassword.emailNotVerifiedTitle"),
        text: t("forgotPassword.emailNotVerified", { email }),
        tone: "error",
        action: sendVerification,
      };
    case "emailVerfySent":
      return {
        title: t("forgotPassword.emailVerifySentTitle"),
        text: t("forgotPassword.emailVerifySent", { email }),
        tone: "success",
      };
    case "emailAlreadyVerified":
      return {
        title: t("forgotPassword.emailAlreadyVerifiedTitle"),
        text: t("forgotPassword.emailAlreadyVerified", { email }),
        action: { intent: "request-reset", label: t("forgotPassword.requestResetLink") },
      };
    case "verifyLinkFailed":
      return {
        title: t("forgotPassword.verifyLinkFailedTitle"),
        text: t("forgotPassword.verifyLinkFailed", { email }),
        tone: "error",
        alert: true,
        action: sendVerification,
      };
    case "resetLinkFailed":
      return {
        title: t("forgotPassword.resetLinkFailedTitle"),
        text: t("forgotPassword.resetLinkFailed", { email }),
        tone: "error",
        alert: true,
        action: { intent: "request-reset", label: t("forgotPassword.requestResetLink") },
      };
    case "tooManyLinks":
      return {
        title: t("forgotPassword.tooManyLinksTitle"),
        text: t("forgotPassword.tooManyLinks", { email, minutes: outcome.minutes }),
        tone: "error",
        alert: true,
      };
    case "emailNotFound":
      return {
        title: t("forgotPassword.emailNotFoundTitle"),
        text: t("forgotPassword.emailNotFound", { email }),
        tone: "error",
        action: sendReset,
      };
  }
}
