import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { BANNER_DURATION_MS, loginSchema } from "@kassa/domain";
import { Banner, Button, Field, Input, PasswordInput } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { AuthPage } from "~/components/auth-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useTimedVisibility } from "~/hooks/use-timed-visibility";
import { accountClient, hasLogin, loginCookies } from "~/modules/auth.server";
import { config } from "~/modules/config.server";
import { translateErrors } from "~/modules/form-errors";
import { translatorFor } from "~/modules/i18n.server";
import { afterLogin } from "~/modules/login-flow.server";
import { safeRedirectTo } from "~/modules/redirect-to";
import { headersSettingCookies } from "~/modules/set-cookie-headers";

const DEFAULT_AFTER_LOGIN = "/my-account/overview/";

/** `/login` and `/login/` (A§2): the form, and the landing page of the verification link (`?token=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"), "");
  if (!token && (await hasLogin(request))) {
    throw redirect(redirectTo || DEFAULT_AFTER_LOGIN);
  }
  const t = await translatorFor(request);
  const verification = token ? await accountClient(request).verifyEmail(token) : null;
  const { showSignupLink, showForgotPasswordLink } = config().settings;
  return {
    title: `${t("login.title")} – ${t("meta.siteName")}`,
    redirectTo,
    verification: verification ? { status: verification.status } : null,
    showSignupLink,
    showForgotPasswordLink,
  };
}

/** A§8: the login's `details` text, as the banner shows it. */
function bannerFor(details: string, email: string, retryAfter: number | undefined) {
  switch (details) {
    case ACCOUNT_DETAILS.emailNotVerified:
      return { key: "login.emailNotVerified", values: { email } } as const;
    case ACCOUNT_DETAILS.invalidPassword:
      return { key: "login.invalidPassword", values: {} } as const;
    case ACCOUNT_DETAILS.userNotFound:
      return { key: "login.userNotFound", values: {} } as const;
    case ACCOUNT_DETAILS.userPending:
      return { key: "login.userPending", values: {} } as const;
    case ACCOUNT_DETAILS.tooManyAttempts:
      return { key: "login.tooManyAttempts", values: { minutes: Math.max(1, Math.ceil((retryAfter ?? 900) / 60)) } } as const;
    default:
      return { key: "login.failed", values: {} } as const;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), banner: null }, { status: 400 });
  }
  const { email, password } = submission.value;
  const accounts = accountClient(request);
  const login = await accounts.login({ email, password });
  if (!login.ok) {
    // A§8: an unverified email gets a new verification link and says so.
    if (login.details === ACCOUNT_DETAILS.emailNotVerified) await accounts.createVerifyLink(email);
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        banner: { ...bannerFor(login.details, email, login.retryAfter), at: Date.now() },
      },
      { status: login.status === 429 ? 429 : 400 },
    );
  }

  // A§4: the user is fetched again with the new token, then the cart and session follow them.
  const refetched = await accountClient(request, login.data.access_token).getUser();
  const user = refetched.ok ? refetched.data : login.data.user;
  const after = await afterLogin(request, user, login.data.user.store_group_id);
  const headers = headersSettingCookies([...(await loginCookies(login.data)), ...after.setCookies]);
  const redirectTo = safeRedirectTo(formData.get("redirectTo"), "") || DEFAULT_AFTER_LOGIN;
  throw redirect(redirectTo, { status: 303, headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Kassa" }];

export default function LoginPage() {
  const { redirectTo, verification, showSignupLink, showForgotPasswordLink } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const banner = actionData?.banner ?? null;
  const bannerVisible = useTimedVisibility(banner?.at ?? null, BANNER_DURATION_MS);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");

  return (
    <AuthPage title={t("login.title")}>
      {verification ? (
        <Banner
          variant={verification.status === "success" ? "success" : "error"}
          role={verification.status === "success" ? "status" : "alert"}
        >
          {verification.status === "success"
            ? t("login.verifySuccess")
            : verification.status === "link expired"
              ? t("login.verifyLinkExpired")
              : t("login.verifyLinkNotFound")}
        </Banner>
      ) : null}
      {banner && bannerVisible ? (
        <Banner variant="error" role="alert">
          {t(banner.key, banner.values)}
        </Banner>
      ) : null}

      <Form method="post" action="/login" {...getFormProps(form)} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label={t("login.email")} id={fields.email.id} errors={translateErrors(fields.email.errors, t)}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field label={t("login.password")} id={fields.password.id} errors={translateErrors(fields.password.errors, t)}>
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
          <Link to="/reset-password/" className="font-medium text-emerald-800 underline underline-offset-4">
            {t("login.forgotPassword")}
          </Link>
        ) : null}
        {showSignupLink ? (
          <p>
            {t("login.noAccount")}{" "}
            <Link to="/signup/" className="font-medium text-emerald-800 underline underline-offset-4">
              {t("login.createAccount")}
            </Link>
          </p>
        ) : null}
      </div>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
