import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS, type VerifyEmailResult } from "@kassa/api-client";
import { BANNER_DURATION_MS } from "@kassa/domain";
import { Banner, Button, Field, Input, PasswordInput } from "@kassa/ui";
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
import { useTimedVisibility } from "~/hooks/use-timed-visibility";
import { hasLogin, loginCookies } from "~/modules/account/auth.server";
import { afterLogin } from "~/modules/account/login-flow.server";
import {
  forgetSignupToken,
  keepSignupToken,
  readSignupToken,
} from "~/modules/account/signup-token.server";
import { loginEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import { accountClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { translateErrors } from "~/modules/http/form-errors";
import { translatorFor } from "~/modules/http/i18n.server";
import { keepLinkPageData } from "~/modules/http/link-page";
import {
  forgetLinkToken,
  linkTokenOf,
  moveLinkTokenToCookie,
} from "~/modules/http/link-token.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { redirectOnSite, safeRedirectTo } from "~/modules/http/redirect-to";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { loginIntents } from "./intents";

const DEFAULT_AFTER_LOGIN = "/my-account/overview/";

type VerificationStatus = VerifyEmailResult["status"];

/** Answers after which the link is spent or dead: its token cookie goes. */
const LINK_DONE: readonly VerificationStatus[] = ["success", "link expired", "link not found"];

/**
 * `/login` and `/login/` (A§2): the form, and the landing page of the verification link
 * (`?token=`). The link's token leaves the address at once (ADR 0050): the GET answers 303 to
 * `/login/` (its `redirectTo` kept) and the token waits in the page's cookie. The link is followed
 * with the signup token this browser keeps, when it has one; a link followed in another browser
 * asks for the signup's password (the platform answers 'password required'): the cookie then
 * keeps the link for the form, and logging in confirms the address
 * (docs/decisions/0008-unconfirmed-signups.md). Once the link is spent or dead, its cookie goes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await moveLinkTokenToCookie(request, "verifyEmail", { pageParams: ["redirectTo"] });
  const url = new URL(request.url);
  const token = await linkTokenOf(request, "verifyEmail");
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"), "");
  if (!token && (await hasLogin(request))) {
    throw redirectOnSite(redirectTo || DEFAULT_AFTER_LOGIN, 302, DEFAULT_AFTER_LOGIN);
  }
  const t = await translatorFor(request);
  const verification = token
    ? await accountClient(context).verifyEmail(token, {
        signupToken: await readSignupToken(request),
      })
    : null;
  const confirmed = verification?.status === "success";
  const done = verification !== null && LINK_DONE.includes(verification.status);
  const { showSignupLink, showForgotPasswordLink } = config().settings;
  return data(
    {
      title: `${t("login.title")} – ${t("meta.siteName")}`,
      redirectTo,
      verification: verification ? { status: verification.status } : null,
      /** The link waits for the password that shows which signup it confirms. */
      awaitingPassword: verification?.status === "password required",
      /** The link's address, filled in for the password that confirms it. */
      confirmEmail: verification?.status === "password required" ? (verification.email ?? "") : "",
      showSignupLink,
      showForgotPasswordLink,
    },
    {
      headers: headersSettingCookies([
        ...(confirmed ? [await forgetSignupToken()] : []),
        ...(done ? [await forgetLinkToken("verifyEmail")] : []),
      ]),
    },
  );
}

/** The page keeps the link's state while the shopper stays on it (its `.data` has no token). */
export const shouldRevalidate = keepLinkPageData;

/** What the verification banner says, by the platform's status (A§8). */
function verificationBanner(status: VerificationStatus) {
  switch (status) {
    case "success":
      return { variant: "success", key: "login.verifySuccess" } as const;
    case "password required":
      return { variant: "info", key: "login.confirmWithPassword" } as const;
    case "link expired":
      return { variant: "error", key: "login.verifyLinkExpired" } as const;
    default:
      return { variant: "error", key: "login.verifyLinkNotFound" } as const;
  }
}

/** Not the platform's: the verification link's cookie was gone when its password was posted. */
const LINK_LOST = "link cookie missing";

/** A§8: the login's `details` text, as the banner shows it. */
function bannerFor(details: string, email: string, retryAfter: number | undefined) {
  switch (details) {
    case LINK_LOST:
      return { key: "linkPage.reopen", values: {} } as const;
    case ACCOUNT_DETAILS.emailNotVerified:
      return { key: "login.emailNotVerified", values: { email } } as const;
    case ACCOUNT_DETAILS.invalidPassword:
      return { key: "login.invalidPassword", values: {} } as const;
    case ACCOUNT_DETAILS.userNotFound:
      return { key: "login.userNotFound", values: {} } as const;
    case ACCOUNT_DETAILS.userPending:
      return { key: "login.userPending", values: {} } as const;
    case ACCOUNT_DETAILS.tooManyAttempts:
      return {
        key: "login.tooManyAttempts",
        values: { minutes: Math.max(1, Math.ceil((retryAfter ?? 900) / 60)) },
      } as const;
    case ACCOUNT_DETAILS.linkExpired:
      return { key: "login.verifyLinkExpired", values: {} } as const;
    case ACCOUNT_DETAILS.linkNotFound:
      return { key: "login.verifyLinkNotFound", values: {} } as const;
    default:
      return { key: "login.failed", values: {} } as const;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginIntents });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        banner: null,
        // A form with mistakes still confirms the link once they are put right.
        awaitingPassword: submission.payload.intent === "confirm-email",
      },
      { status: 400 },
    );
  }
  const form = submission.value;
  const { email, password } = form;
  const accounts = accountClient(context);
  const refused = (
    details: string,
    status: number,
    {
      retryAfter,
      keepLink = false,
      setCookies = [],
    }: { retryAfter?: number; keepLink?: boolean; setCookies?: string[] } = {},
  ) =>
    data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        banner: { ...bannerFor(details, email, retryAfter), at: Date.now() },
        awaitingPassword: keepLink,
      },
      { status: status === 429 ? 429 : 400, headers: headersSettingCookies(setCookies) },
    );

  // A verification link followed in another browser: the password confirms the signup it belongs
  // to, then the same password logs in. The link's token is in the page's cookie, never the form.
  const linkCookies: string[] = [];
  if (form.intent === "confirm-email") {
    const confirmToken = await linkTokenOf(request, "verifyEmail");
    if (!confirmToken) return refused(LINK_LOST, 400);
    const verification = await accounts.verifyEmail(confirmToken, { password });
    if (verification.status === "invalid password")
      return refused(ACCOUNT_DETAILS.invalidPassword, 401, { keepLink: true });
    if (verification.status === "too many attempts") {
      return refused(ACCOUNT_DETAILS.tooManyAttempts, 429, {
        retryAfter: verification.retry_after,
        keepLink: true,
      });
    }
    // Spent or dead: the link's cookie goes, whatever follows.
    linkCookies.push(await forgetLinkToken("verifyEmail"));
    if (verification.status !== "success") {
      const expired = verification.status === "link expired";
      const details = expired ? ACCOUNT_DETAILS.linkExpired : ACCOUNT_DETAILS.linkNotFound;
      return refused(details, 400, { setCookies: linkCookies });
    }
  }

  const login = await accounts.login({ email, password });
  if (!login.ok) {
    // A§8: an unverified email gets a new verification link and says so. The link is the one of
    // the signup whose password this was, and this browser keeps that signup's token.
    const signupToken = login.signupToken;
    if (login.details === ACCOUNT_DETAILS.emailNotVerified)
      await accounts.createVerifyLink(email, { signupToken });
    return refused(login.details, login.status, {
      retryAfter: login.retryAfter,
      setCookies: [...linkCookies, ...(signupToken ? [await keepSignupToken(signupToken)] : [])],
    });
  }

  // A§4: the user is fetched again with the new token, then the cart and session follow them.
  const refetched = await accountClient(context, login.data.access_token).getUser();
  const user = refetched.ok ? refetched.data : login.data.user;
  const after = await afterLogin(request, context, user, login.data.user.store_group_id);
  const headers = headersSettingCookies([
    ...linkCookies,
    ...(await loginCookies(login.data)),
    ...after.setCookies,
    // Pushed on the page the redirect leads to (ADR 0038).
    ...(await pendingEventsCookie(request, [loginEvent()])),
  ]);
  const redirectTo = safeRedirectTo(form.redirectTo, "") || DEFAULT_AFTER_LOGIN;
  throw redirectOnSite(redirectTo, { status: 303, headers }, DEFAULT_AFTER_LOGIN);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function LoginPage() {
  const {
    redirectTo,
    verification,
    awaitingPassword: linkWaits,
    confirmEmail,
    showSignupLink,
    showForgotPasswordLink,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { email: confirmEmail },
    constraint: getZodConstraint(loginIntents),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginIntents }),
  });
  const banner = actionData?.banner ?? null;
  // The link still waiting for its password: from the page, or kept by a refused attempt.
  const confirming = actionData ? actionData.awaitingPassword : linkWaits;
  // Confirming posts as a document (`reloadDocument`): only `/login` carries the link's cookie,
  // not the `/login.data` a script's post goes to. Busy from a valid submit on.
  const [posting, setPosting] = useState(false);
  const formProps = getFormProps(form);
  const verificationShown = verification ? verificationBanner(verification.status) : null;
  const bannerVisible = useTimedVisibility(banner?.at ?? null, BANNER_DURATION_MS);
  const submitting =
    posting || (navigation.state === "submitting" && navigation.formAction?.startsWith("/login"));

  return (
    <PageFrame title={t("login.title")}>
      {verificationShown && !actionData ? (
        <Banner
          variant={verificationShown.variant}
          role={verificationShown.variant === "error" ? "alert" : "status"}
        >
          {t(verificationShown.key)}
        </Banner>
      ) : null}
      {banner && bannerVisible ? (
        <Banner variant="error" role="alert">
          {t(banner.key, banner.values)}
        </Banner>
      ) : null}

      <Form
        method="post"
        action="/login"
        reloadDocument={confirming}
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (confirming && !event.defaultPrevented) setPosting(true);
        }}
        className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6"
      >
        <input type="hidden" name="intent" value={confirming ? "confirm-email" : "log-in"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("login.email")}
          id={fields.email.id}
          errors={translateErrors(fields.email.errors, t)}
        >
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field
          label={t("login.password")}
          id={fields.password.id}
          errors={translateErrors(fields.password.errors, t)}
        >
          <PasswordInput
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            revealLabel={t("password.reveal")}
            hideLabel={t("password.hide")}
          />
        </Field>
        <Button type="submit" busy={submitting} className="w-full">
          {submitting ? t("login.submitting") : t("login.submit")}
        </Button>
      </Form>

      <div className="flex flex-col gap-2 text-sm">
        {showForgotPasswordLink ? (
          <Link
            to="/reset-password/"
            className="font-medium text-emerald-800 underline underline-offset-4"
          >
            {t("login.forgotPassword")}
          </Link>
        ) : null}
        {showSignupLink ? (
          <p>
            {t("login.noAccount")}{" "}
            <Link
              to="/signup/"
              className="font-medium text-emerald-800 underline underline-offset-4"
            >
              {t("login.createAccount")}
            </Link>
          </p>
        ) : null}
      </div>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
