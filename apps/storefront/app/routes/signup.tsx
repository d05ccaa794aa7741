import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import {
  createSignupSchema,
  type SignupForm as SignupValues,
  signupPayloadFrom,
} from "@kassa/domain";
import { Alert, Button, RadioGroup } from "@kassa/ui";
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
import { useHydrated } from "~/hooks/use-hydrated";
import { hasLogin } from "~/modules/account/auth.server";
import { BillingAndShippingFields } from "~/modules/account/signup/billing-and-shipping-fields";
import { CompanyFields } from "~/modules/account/signup/company-fields";
import { ContactPersonFields } from "~/modules/account/signup/contact-person-fields";
import {
  NotificationChoices,
  TermsAcceptance,
} from "~/modules/account/signup/notifications-and-terms";
import { phoneFieldShown } from "~/modules/account/signup/phone-field.server";
import { SignupConfirmation } from "~/modules/account/signup/signup-confirmation";
import { keepSignupToken, readSignupToken } from "~/modules/account/signup-token.server";
import { signUpEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import { accountClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { languageOf, translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { storeGroupOf } from "~/modules/http/store-group.server";

/** `/signup/` (A§2): account and organisation signup. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await hasLogin(request)) throw redirectOnSite("/my-account/overview/");
  const [t, market, language] = await Promise.all([
    translatorFor(request),
    marketOf(request),
    languageOf(request),
  ]);
  const settings = config().settings;
  const showPhone = await phoneFieldShown(language);
  const names = new Intl.DisplayNames([language], { type: "region" });
  const countryCodes =
    settings.signupCountries.length > 0 ? settings.signupCountries : [market.country];
  return {
    title: `${t("signup.title")} – ${t("meta.siteName")}`,
    defaultCountry: countryCodes.includes(market.country)
      ? market.country
      : (countryCodes[0] ?? "SE"),
    countries: countryCodes.map((code) => ({ code, name: names.of(code) ?? code })),
    // A§1: the country picker shows only when allowed countries are supplied.
    showCountryPicker: settings.signupCountries.length > 0,
    // A§2: the phone field shows only when its label has a translation in this language.
    showPhone,
    organisationSignup: settings.organisationSignup,
    showLoginButton: settings.showSignupLoginButton,
    notificationChoices: settings.notificationChoices,
    organisationAttributes: settings.organisationAttributes,
    externalRef: settings.signupExternalRef,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const settings = config().settings;
  const showPhone = await phoneFieldShown(await languageOf(request));
  const schema = createSignupSchema({
    organisationSignup: settings.organisationSignup,
    phoneNumber: showPhone,
    externalRef: settings.signupExternalRef,
  });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        alert: null,
        confirmEmail: null,
      },
      { status: 400 },
    );
  }
  const [market, language, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
  ]);
  const { user, organisation } = signupPayloadFrom(submission.value, {
    language,
    market: market.country,
    storeGroup,
    status: settings.signupUserStatus,
  });
  const accounts = accountClient(context);
  const failed = (
    alert: "signup.userAlreadyExists" | "signup.companyAlreadyExists" | "signup.failed",
    status: number,
  ) =>
    data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        alert,
        confirmEmail: null,
      },
      { status },
    );

  // A§4: create the user; with its id create the organisation; then request the verification mail.
  // An earlier unconfirmed signup made in this browser is replaced, not kept beside (ADR 0048).
  const earlier = await readSignupToken(request);
  const created = await accounts.signup(earlier ? { ...user, signup_token: earlier } : user);
  if (!created.ok) {
    if (created.details === ACCOUNT_DETAILS.emailNotVerified) {
      // The account exists but was never confirmed: send the link again and say so (A§8). (The
      // Kassa platform never answers this: it takes the signup beside the unconfirmed one.)
      await accounts.createVerifyLink(user.email);
      return data({
        result: submission.reply({ resetForm: true }),
        alert: null,
        confirmEmail: user.email,
      });
    }
    return failed(
      created.details === ACCOUNT_DETAILS.userAlreadyExists
        ? "signup.userAlreadyExists"
        : "signup.failed",
      created.status,
    );
  }
  // The proof that this browser made the signup (a backend without it sends none).
  const signupToken = created.data.signup_token;
  if (organisation) {
    const company = await accounts.organisationSignup({
      ...organisation,
      status: settings.signupOrganisationStatus,
      user_id: created.data.id,
      signup_token: signupToken,
    });
    if (!company.ok) {
      return failed(
        company.details === ACCOUNT_DETAILS.companyAlreadyExists
          ? "signup.companyAlreadyExists"
          : "signup.failed",
        company.status,
      );
    }
  }
  await accounts.createVerifyLink(user.email, { signupToken });
  // Kept in this browser: following the link here then confirms this signup without a password.
  // `sign_up` is pushed on the page this answer renders (ADR 0038).
  const headers = headersSettingCookies([
    ...(signupToken ? [await keepSignupToken(signupToken)] : []),
    ...(await pendingEventsCookie(request, [signUpEvent()])),
  ]);
  return data(
    { result: submission.reply({ resetForm: true }), alert: null, confirmEmail: user.email },
    { headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function SignupPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (actionData?.confirmEmail) {
    // A§2: after success, or when the email is not yet verified, this replaces the form.
    return (
      <PageFrame title={t("signup.confirmTitle")}>
        <SignupConfirmation email={actionData.confirmEmail} />
      </PageFrame>
    );
  }
  return <SignupForm {...loaderData} />;
}

type SignupLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function SignupForm({
  defaultCountry,
  countries,
  showCountryPicker,
  showPhone,
  organisationSignup,
  showLoginButton,
  notificationChoices,
  organisationAttributes,
  externalRef,
}: SignupLoaderData) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = createSignupSchema({ organisationSignup, phoneNumber: showPhone, externalRef });
  const [form, fields] = useForm<SignupValues>({
    id: "signup",
    lastResult: actionData?.result,
    defaultValue: {
      country_code: defaultCountry,
      account_type: "consumer",
      same_as_billing: "on",
      billing_address: [{ country: defaultCountry }],
      shipping_address: [{ country: defaultCountry }],
    },
    // A§2: validation runs on change, as the person types (and again on every later change).
    shouldValidate: "onInput",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // What the sections tell each other (A§4): the phone's country, and the contact person's email
  // and phone and the billing country, which the company's fields follow.
  const [phoneCountry, setPhoneCountry] = useState(defaultCountry);
  const [accountType, setAccountType] = useState(
    String(fields.account_type.initialValue ?? "consumer"),
  );
  const [billingCountry, setBillingCountry] = useState(defaultCountry);
  const [userEmail, setUserEmail] = useState(String(fields.email.initialValue ?? ""));
  const [userPhone, setUserPhone] = useState(String(fields.phone_number.initialValue ?? ""));
  const submitting = navigation.state === "submitting";
  // Sections hide only once JavaScript runs; without it every field stays reachable.
  const hydrated = useHydrated();
  const isCompany = organisationSignup && accountType === "company";

  return (
    <PageFrame title={t("signup.title")} wide>
      <p className="text-stone-700">{t("signup.intro")}</p>
      {actionData?.alert ? (
        <Alert variant="error" title={t("account.errorTitle")} role="alert">
          {t(actionData.alert)}
        </Alert>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {organisationSignup ? (
          <RadioGroup
            legend={t("signup.accountType")}
            name={fields.account_type.name}
            defaultValue={accountType}
            onChange={setAccountType}
            options={[
              { value: "consumer", label: t("signup.consumer") },
              { value: "company", label: t("signup.companyBuyer") },
            ]}
          />
        ) : null}
        <ContactPersonFields
          fields={fields}
          countries={countries}
          showCountryPicker={showCountryPicker}
          showPhone={showPhone}
          defaultCountry={defaultCountry}
          phoneCountry={phoneCountry}
          onEmailInput={setUserEmail}
          onPhoneCountryChange={setPhoneCountry}
          onPhoneChange={setUserPhone}
        />
        {organisationSignup ? (
          <CompanyFields
            fields={fields}
            hidden={hydrated && !isCompany}
            attributes={organisationAttributes}
            externalRef={externalRef}
            phoneCountry={phoneCountry}
            billingCountry={billingCountry}
            userEmail={userEmail}
            userPhone={userPhone}
          />
        ) : null}
        <BillingAndShippingFields
          fields={fields}
          countries={countries}
          onBillingCountryChange={setBillingCountry}
        />
        <NotificationChoices choices={notificationChoices} />
        <TermsAcceptance field={fields.terms_accepted} />

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={submitting} className="min-w-48">
            {submitting ? t("signup.submitting") : t("signup.submit")}
          </Button>
          {showLoginButton ? (
            <p className="text-sm">
              {t("signup.haveAccount")}{" "}
              <Link
                to="/login/"
                className="font-medium text-emerald-800 underline underline-offset-4"
              >
                {t("account.login")}
              </Link>
            </p>
          ) : null}
        </div>
      </Form>
    </PageFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
