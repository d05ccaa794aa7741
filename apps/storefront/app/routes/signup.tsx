import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import {
  autofillVatNumber,
  cleanOrganisationNumber,
  createSignupSchema,
  normalisePhoneInput,
  type SignupForm as SignupValues,
  signupPayloadFrom,
} from "@kassa/domain";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Input,
  RadioGroup,
  Select,
} from "@kassa/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuthPage } from "~/components/auth-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NewPasswordFields } from "~/components/new-password-fields";
import { AddressFields } from "~/components/signup/address-fields";
import { useHydrated } from "~/hooks/use-hydrated";
import { accountClient, hasLogin } from "~/modules/auth.server";
import { config } from "~/modules/config.server";
import { translateErrors } from "~/modules/form-errors";
import { languageOf, translatorFor } from "~/modules/i18n.server";
import { marketOf } from "~/modules/locale.server";
import { headersSettingCookies } from "~/modules/set-cookie-headers";
import { keepSignupToken } from "~/modules/signup-token.server";
import { storeGroupOf } from "~/modules/store-group.server";

/** `/signup/` (A§2): account and organisation signup. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await hasLogin(request)) throw redirect("/my-account/overview/");
  const [t, market, language] = await Promise.all([translatorFor(request), marketOf(request), languageOf(request)]);
  const settings = config().settings;
  const names = new Intl.DisplayNames([language], { type: "region" });
  const countryCodes = settings.signupCountries.length > 0 ? settings.signupCountries : [market.country];
  return {
    title: `${t("signup.title")} – ${t("meta.siteName")}`,
    defaultCountry: countryCodes.includes(market.country) ? market.country : (countryCodes[0] ?? "SE"),
    countries: countryCodes.map((code) => ({ code, name: names.of(code) ?? code })),
    // A§1: the country picker shows only when allowed countries are supplied.
    showCountryPicker: settings.signupCountries.length > 0,
    organisationSignup: settings.organisationSignup,
    showLoginButton: settings.showSignupLoginButton,
    notificationChoices: settings.notificationChoices,
    organisationAttributes: settings.organisationAttributes,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const settings = config().settings;
  const schema = createSignupSchema({ organisationSignup: settings.organisationSignup });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), alert: null, confirmEmail: null },
      { status: 400 },
    );
  }
  const [market, language, storeGroup] = await Promise.all([marketOf(request), languageOf(request), storeGroupOf(request)]);
  const { user, organisation } = signupPayloadFrom(submission.value, {
    language,
    market: market.country,
    storeGroup,
    status: settings.signupUserStatus,
  });
  const accounts = accountClient(context);
  const failed = (alert: "signup.userAlreadyExists" | "signup.companyAlreadyExists" | "signup.failed", status: number) =>
    data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), alert, confirmEmail: null }, { status });

  // A§4: create the user; with its id create the organisation; then request the verification mail.
  const created = await accounts.signup(user);
  if (!created.ok) {
    if (created.details === ACCOUNT_DETAILS.emailNotVerified) {
      // The account exists but was never confirmed: send the link again and say so (A§8). (The
      // Kassa platform never answers this: it takes the signup beside the unconfirmed one.)
      await accounts.createVerifyLink(user.email);
      return data({ result: submission.reply({ resetForm: true }), alert: null, confirmEmail: user.email });
    }
    return failed(created.details === ACCOUNT_DETAILS.userAlreadyExists ? "signup.userAlreadyExists" : "signup.failed", created.status);
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
        company.details === ACCOUNT_DETAILS.companyAlreadyExists ? "signup.companyAlreadyExists" : "signup.failed",
        company.status,
      );
    }
  }
  await accounts.createVerifyLink(user.email, { signupToken });
  // Kept in this browser: following the link here then confirms this signup without a password.
  const headers = signupToken ? headersSettingCookies([await keepSignupToken(signupToken)]) : undefined;
  return data({ result: submission.reply({ resetForm: true }), alert: null, confirmEmail: user.email }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Kassa" }];

export default function SignupPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();

  if (actionData?.confirmEmail) {
    // A§2: after success, or when the email is not yet verified, this replaces the form.
    return (
      <AuthPage title={t("signup.confirmTitle")}>
        <Card title={t("signup.confirmTitle")} headingLevel={2} tone="success">
          <p data-testid="signup-confirm">{t("signup.confirmBody", { email: actionData.confirmEmail })}</p>
          <p className="mt-2 text-sm text-stone-600">{t("signup.confirmHint")}</p>
          <p className="mt-4">
            <Link to="/login/" className="font-medium text-emerald-800 underline underline-offset-4">
              {t("account.login")}
            </Link>
          </p>
        </Card>
      </AuthPage>
    );
  }
  return <SignupForm {...loaderData} />;
}

type SignupLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function SignupForm({
  defaultCountry,
  countries,
  showCountryPicker,
  organisationSignup,
  showLoginButton,
  notificationChoices,
  organisationAttributes,
}: SignupLoaderData) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = createSignupSchema({ organisationSignup });
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
    // A§2: validation runs on change.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // What the live parts of the form need: the password criteria, autofills and toggles (A§4).
  const [phoneCountry, setPhoneCountry] = useState(defaultCountry);
  const [accountType, setAccountType] = useState(String(fields.account_type.initialValue ?? "consumer"));
  const [sameAsBilling, setSameAsBilling] = useState(fields.same_as_billing.initialValue !== undefined);
  const [billingCountry, setBillingCountry] = useState(defaultCountry);
  const [userEmail, setUserEmail] = useState(String(fields.email.initialValue ?? ""));
  const [userPhone, setUserPhone] = useState(String(fields.phone_number.initialValue ?? ""));
  const [organisationNumber, setOrganisationNumber] = useState("");
  const [edited, setEdited] = useState<{ taxId?: string; email?: string; invoiceEmail?: string; phone?: string }>({});

  const organisation = fields.organisation.getFieldset();
  const [billingAddress] = fields.billing_address.getFieldList();
  const [shippingAddress] = fields.shipping_address.getFieldList();
  const submitting = navigation.state === "submitting";
  // Sections hide only once JavaScript runs; without it every field stays reachable.
  const hydrated = useHydrated();
  const isCompany = organisationSignup && accountType === "company";
  const errors = translateErrors;
  const normalisePhone = (event: React.FocusEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    if (value) event.currentTarget.value = normalisePhoneInput(value, phoneCountry);
    return event.currentTarget.value;
  };

  // A§4: until edited by hand, the VAT number follows the organisation number and billing
  // country, and the organisation's email, invoice email and phone follow the user's.
  const autofilledTaxId = autofillVatNumber(organisationNumber, billingCountry) ?? "";
  const controlled = (own: string | undefined, fallback: string) => ({ defaultValue: undefined, value: own ?? fallback });
  // The value is read before the state update: React clears the event's target afterwards.
  const edit = (field: keyof typeof edited, value: string) => setEdited((current) => ({ ...current, [field]: value }));

  return (
    <AuthPage title={t("signup.title")} wide>
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

        <Fieldset legend={t("signup.contactPerson")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("signup.firstName")} id={fields.first_name.id} errors={errors(fields.first_name.errors, t)}>
              <Input {...getInputProps(fields.first_name, { type: "text" })} autoComplete="given-name" />
            </Field>
            <Field label={t("signup.lastName")} id={fields.last_name.id} errors={errors(fields.last_name.errors, t)}>
              <Input {...getInputProps(fields.last_name, { type: "text" })} autoComplete="family-name" />
            </Field>
            <div className="sm:col-span-2">
              <Field label={t("signup.email")} id={fields.email.id} errors={errors(fields.email.errors, t)}>
                <Input
                  {...getInputProps(fields.email, { type: "email" })}
                  autoComplete="email"
                  onInput={(event) => setUserEmail(event.currentTarget.value)}
                />
              </Field>
            </div>
            {showCountryPicker ? (
              <Field label={t("signup.country")} id={fields.country_code.id} errors={errors(fields.country_code.errors, t)}>
                <Select {...getSelectProps(fields.country_code)} onChange={(event) => setPhoneCountry(event.currentTarget.value)}>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              <input type="hidden" name={fields.country_code.name} value={defaultCountry} />
            )}
            <Field
              label={t("signup.phone")}
              id={fields.phone_number.id}
              errors={errors(fields.phone_number.errors, t)}
              hint={t("signup.phoneHint")}
            >
              <Input
                {...getInputProps(fields.phone_number, { type: "tel" })}
                autoComplete="tel"
                onBlur={(event) => setUserPhone(normalisePhone(event))}
              />
            </Field>
            <div className="sm:col-span-2">
              <NewPasswordFields
                password={fields.password}
                confirmPassword={fields.confirmPassword}
                passwordLabel={t("signup.password")}
                confirmLabel={t("signup.confirmPassword")}
              />
            </div>
          </div>
        </Fieldset>

        {organisationSignup ? (
          <Fieldset legend={t("signup.company")} hidden={hydrated && !isCompany}>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field label={t("signup.organisationName")} id={organisation.name.id} errors={errors(organisation.name.errors, t)}>
                  <Input {...getInputProps(organisation.name, { type: "text" })} autoComplete="organization" />
                </Field>
              </div>
              <Field
                label={t("signup.organisationNumber")}
                id={organisation.organisation_number.id}
                errors={errors(organisation.organisation_number.errors, t)}
              >
                <Input
                  {...getInputProps(organisation.organisation_number, { type: "text" })}
                  {...controlled(undefined, organisationNumber)}
                  inputMode="numeric"
                  // A§5: spaces and dashes are stripped as they are typed.
                  onChange={(event) => setOrganisationNumber(cleanOrganisationNumber(event.currentTarget.value))}
                />
              </Field>
              <Field
                label={t("signup.taxId")}
                id={organisation.tax_id_vat_number.id}
                errors={errors(organisation.tax_id_vat_number.errors, t)}
              >
                <Input
                  {...getInputProps(organisation.tax_id_vat_number, { type: "text" })}
                  {...controlled(edited.taxId, autofilledTaxId)}
                  onChange={(event) => edit("taxId", event.currentTarget.value)}
                />
              </Field>
              <Field
                label={t("signup.organisationEmail")}
                id={organisation.email.id}
                errors={errors(organisation.email.errors, t)}
              >
                <Input
                  {...getInputProps(organisation.email, { type: "email" })}
                  {...controlled(edited.email, userEmail)}
                  onChange={(event) => edit("email", event.currentTarget.value)}
                />
              </Field>
              <Field
                label={t("signup.invoiceEmail")}
                id={organisation.invoice_email.id}
                errors={errors(organisation.invoice_email.errors, t)}
              >
                <Input
                  {...getInputProps(organisation.invoice_email, { type: "email" })}
                  {...controlled(edited.invoiceEmail, userEmail)}
                  onChange={(event) => edit("invoiceEmail", event.currentTarget.value)}
                />
              </Field>
              <Field
                label={t("signup.organisationPhone")}
                id={organisation.phone.id}
                errors={errors(organisation.phone.errors, t)}
              >
                <Input
                  {...getInputProps(organisation.phone, { type: "tel" })}
                  {...controlled(edited.phone, userPhone)}
                  onChange={(event) => edit("phone", event.currentTarget.value)}
                  onBlur={(event) => {
                    const value = normalisePhone(event);
                    setEdited((current) => (current.phone === undefined ? current : { ...current, phone: value }));
                  }}
                />
              </Field>
              {organisationAttributes.length > 0 ? (
                <Field label={t("signup.attribute")} id={organisation.attribute.id} errors={errors(organisation.attribute.errors, t)}>
                  <Select {...getSelectProps(organisation.attribute)}>
                    <option value="">{t("signup.attributeNone")}</option>
                    {organisationAttributes.map((attribute) => (
                      <option key={attribute.id} value={attribute.id}>
                        {attribute.label}
                      </option>
                    ))}
                  </Select>
                </Field>
              ) : null}
            </div>
          </Fieldset>
        ) : null}

        <Fieldset legend={t("signup.billingAddress")}>
          {billingAddress ? (
            <AddressFields field={billingAddress} countries={countries} autoCompleteSection="billing" onCountryChange={setBillingCountry} />
          ) : null}
        </Fieldset>

        <Fieldset legend={t("signup.shippingAddress")}>
          <Checkbox
            id={fields.same_as_billing.id}
            name={fields.same_as_billing.name}
            label={t("signup.sameAsBilling")}
            defaultChecked={sameAsBilling}
            onChange={(event) => setSameAsBilling(event.currentTarget.checked)}
          />
          {/* Without JavaScript the fields stay visible; the server ignores them when the box is ticked. */}
          <div hidden={hydrated && sameAsBilling} className="mt-4">
            {shippingAddress ? <AddressFields field={shippingAddress} countries={countries} autoCompleteSection="shipping" /> : null}
          </div>
        </Fieldset>

        {notificationChoices.length > 0 ? (
          <Fieldset legend={t("signup.notifications")}>
            <div className="flex flex-wrap gap-6">
              {notificationChoices.includes("email") ? (
                <Checkbox id="allow_email_notifications" name="allow_email_notifications" label={t("signup.allowEmail")} />
              ) : null}
              {notificationChoices.includes("sms") ? (
                <Checkbox id="allow_phone_notifications" name="allow_phone_notifications" label={t("signup.allowPhone")} />
              ) : null}
              {notificationChoices.includes("postal") ? (
                <Checkbox id="allow_postal_notifications" name="allow_postal_notifications" label={t("signup.allowPostal")} />
              ) : null}
            </div>
          </Fieldset>
        ) : null}

        <Checkbox
          id={fields.terms_accepted.id}
          name={fields.terms_accepted.name}
          errors={errors(fields.terms_accepted.errors, t)}
          label={
            <>
              {t("signup.termsBefore")}
              <a href={`/${t("privacy.slug")}/`} target="_blank" rel="noreferrer" className="text-emerald-800 underline underline-offset-4">
                {t("signup.termsLink")}
              </a>
              {t("signup.termsAfter")}
            </>
          }
        />

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" busy={submitting} className="min-w-48">
            {submitting ? t("signup.submitting") : t("signup.submit")}
          </Button>
          {showLoginButton ? (
            <p className="text-sm">
              {t("signup.haveAccount")}{" "}
              <Link to="/login/" className="font-medium text-emerald-800 underline underline-offset-4">
                {t("account.login")}
              </Link>
            </p>
          ) : null}
        </div>
      </Form>
    </AuthPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
