import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import {
  BANNER_DURATION_MS,
  isCountryCode,
  matchesDeleteKeyword,
  normalisePhoneInput,
  type ProfileForm,
} from "@kassa/domain";
import { Alert, Banner, Button, Checkbox, Dialog, Field, Fieldset, Input } from "@kassa/ui";
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
import { useTimedVisibility } from "~/hooks/use-timed-visibility";
import { requireLogin } from "~/modules/account/auth.server";
import { accountClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { logoutCookies } from "~/modules/http/cookies.server";
import { translateErrors } from "~/modules/http/form-errors";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { homeOf } from "~/modules/http/request-locale.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";
import { credentialsIntents, updateProfileSchema } from "./intents";

/** The credentials page (A§2): the profile form and account deletion. Logged-in users only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [login, t, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
  ]);
  const { user } = login;
  return data(
    {
      title: `${t("profile.title")} – ${t("meta.siteName")}`,
      user: {
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        phone_number: user.phone_number,
        address: user.address,
        preferences: user.communication_preferences,
      },
      // A§5: a number typed without + gets the market country's calling code (fallback SE).
      phoneCountry: market.country,
      notificationChoices: config().settings.notificationChoices,
      // Without JavaScript the delete confirmation is a section of the page instead of a dialog.
      confirmDelete: new URL(request.url).searchParams.has("delete"),
    },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const [login, t, market, formData] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
    request.formData(),
  ]);
  // A§5: the phone's country is the form's (the market country it was shown with), else the
  // shopper's market country now; the domain schema falls back to SE. So a number typed without
  // + is normalised the same way with and without JavaScript.
  const phoneCountry = formData.get("country_code");
  if (typeof phoneCountry !== "string" || !isCountryCode(phoneCountry.trim().toUpperCase())) {
    formData.set("country_code", market.country);
  }
  const submission = parseWithZod(formData, {
    schema: credentialsIntents(t("deleteAccount.keyword")),
  });
  if (submission.status !== "success") {
    const intent =
      submission.payload.intent === "delete-account" ? "delete-account" : "update-profile";
    return data({ intent, result: submission.reply(), saved: null, failed: null }, { status: 400 });
  }
  const form = submission.value;

  if (form.intent === "delete-account") {
    const deleted = await accountClient(context, login.accessToken).deleteUser();
    if (deleted.ok && deleted.data.message === ACCOUNT_DETAILS.userDeleted) {
      // A§4: 'user deleted' logs the user out and sends them to the start page.
      return redirectWithToast(
        await homeOf(request),
        { variant: "default", title: t("deleteAccount.deleted") },
        await logoutCookies(),
      );
    }
    return data(
      {
        intent: form.intent,
        result: submission.reply(),
        saved: null,
        failed: "deleteAccount.failed" as const,
      },
      { status: 500 },
    );
  }

  const { user } = login;
  const updated = await accountClient(context, login.accessToken).updateUser({
    // A§7: the email is the current user's, never a value from the form.
    email: user.email,
    first_name: form.first_name ?? "",
    last_name: form.last_name ?? "",
    phone_number: form.phone_number ?? "",
    address: {
      street: form.address?.street ?? "",
      zip_code: form.address?.zip_code ?? "",
      city: form.address?.city ?? "",
    },
    communication_preferences: {
      allow_email: form.allow_email,
      allow_sms: form.allow_sms,
      allow_postal: form.allow_postal,
    },
    // A§7: the account's own store group, language, market and country go along.
    store_group: user.store_group,
    language: user.language,
    market: user.market,
    country_code: user.country_code,
  });
  // A§4: a response with an email means success; the loader then fetches the user again.
  if (updated.ok && updated.data.email) {
    return data({
      intent: form.intent,
      result: submission.reply(),
      saved: Date.now(),
      failed: null,
    });
  }
  return data(
    {
      intent: form.intent,
      result: submission.reply(),
      saved: null,
      failed: "profile.failed" as const,
    },
    { status: updated.ok ? 500 : updated.status },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function CredentialsPage() {
  const { user, phoneCountry, notificationChoices, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const profileResult = actionData?.intent === "update-profile" ? actionData.result : undefined;
  const [form, fields] = useForm<ProfileForm>({
    id: "profile",
    lastResult: profileResult,
    defaultValue: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
      address: user.address,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateProfileSchema }),
  });
  const address = fields.address.getFieldset();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  const savedAt = actionData?.intent === "update-profile" ? actionData.saved : null;
  const savedVisible = useTimedVisibility(savedAt, BANNER_DURATION_MS);

  return (
    <PageFrame title={t("profile.title")} wide>
      <Link
        to="/my-account/overview/"
        className="text-sm text-emerald-800 underline underline-offset-4"
      >
        {t("myAccount.backToAccount")}
      </Link>
      {savedAt && savedVisible ? (
        <Banner variant="success" role="status">
          {t("profile.saved")}
        </Banner>
      ) : null}
      {actionData?.failed ? (
        <Banner variant="error" role="alert">
          {t(actionData.failed)}
        </Banner>
      ) : null}

      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-6 rounded-2xl border border-stone-200 bg-white p-6"
      >
        <input type="hidden" name="intent" value="update-profile" />
        {/* The phone's dialling country (A§5): the market's, so the server normalises alike. */}
        <input type="hidden" name="country_code" value={phoneCountry} />
        <Field label={t("profile.email")} id="profile-email" hint={t("profile.emailHint")}>
          <Input id="profile-email" type="email" value={user.email} readOnly aria-readonly="true" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("profile.firstName")}
            id={fields.first_name.id}
            errors={translateErrors(fields.first_name.errors, t)}
          >
            <Input
              {...getInputProps(fields.first_name, { type: "text" })}
              autoComplete="given-name"
            />
          </Field>
          <Field
            label={t("profile.lastName")}
            id={fields.last_name.id}
            errors={translateErrors(fields.last_name.errors, t)}
          >
            <Input
              {...getInputProps(fields.last_name, { type: "text" })}
              autoComplete="family-name"
            />
          </Field>
        </div>
        <Field
          label={t("profile.phone")}
          id={fields.phone_number.id}
          errors={translateErrors(fields.phone_number.errors, t)}
        >
          <Input
            {...getInputProps(fields.phone_number, { type: "tel" })}
            autoComplete="tel"
            onBlur={(event) => {
              // A§5: a number without + gets the country's prefix, leading zeros removed.
              if (event.currentTarget.value) {
                event.currentTarget.value = normalisePhoneInput(
                  event.currentTarget.value,
                  phoneCountry,
                );
              }
            }}
          />
        </Field>
        <Fieldset legend={t("profile.address")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-3">
              <Field
                label={t("profile.street")}
                id={address.street.id}
                errors={translateErrors(address.street.errors, t)}
              >
                <Input
                  {...getInputProps(address.street, { type: "text" })}
                  autoComplete="street-address"
                />
              </Field>
            </div>
            <Field
              label={t("profile.zipCode")}
              id={address.zip_code.id}
              errors={translateErrors(address.zip_code.errors, t)}
            >
              <Input
                {...getInputProps(address.zip_code, { type: "text" })}
                autoComplete="postal-code"
              />
            </Field>
            <div className="sm:col-span-2">
              <Field
                label={t("profile.city")}
                id={address.city.id}
                errors={translateErrors(address.city.errors, t)}
              >
                <Input
                  {...getInputProps(address.city, { type: "text" })}
                  autoComplete="address-level2"
                />
              </Field>
            </div>
          </div>
        </Fieldset>
        {notificationChoices.length > 0 ? (
          <Fieldset legend={t("profile.preferences")}>
            <div className="flex flex-wrap gap-6">
              {notificationChoices.includes("email") ? (
                <Checkbox
                  id="allow_email"
                  name="allow_email"
                  label={t("profile.allowEmail")}
                  defaultChecked={user.preferences.allow_email}
                />
              ) : null}
              {notificationChoices.includes("sms") ? (
                <Checkbox
                  id="allow_sms"
                  name="allow_sms"
                  label={t("profile.allowSms")}
                  defaultChecked={user.preferences.allow_sms}
                />
              ) : null}
              {notificationChoices.includes("postal") ? (
                <Checkbox
                  id="allow_postal"
                  name="allow_postal"
                  label={t("profile.allowPostal")}
                  defaultChecked={user.preferences.allow_postal}
                />
              ) : null}
            </div>
          </Fieldset>
        ) : null}
        <Button type="submit" busy={saving}>
          {saving ? t("profile.saving") : t("profile.save")}
        </Button>
      </Form>

      <DeleteAccount confirmInline={confirmDelete} />
    </PageFrame>
  );
}

/**
 * Account deletion (A§2, A§4): the confirm button enables only once the typed text, upper-cased,
 * equals the translated keyword. With JavaScript it is a dialog (max 350 px wide); without, a
 * section of the page reached by a link, where the server checks the keyword.
 */
function DeleteAccount({ confirmInline }: { confirmInline: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const keyword = t("deleteAccount.keyword");
  const deleteErrors =
    actionData?.intent === "delete-account" && actionData.result.error
      ? translateErrors(actionData.result.error.confirmation ?? undefined, t)
      : undefined;
  // Open at once on `?delete=1`: the link was followed before scripts ran (a slow phone), and
  // the confirmation the server showed must not vanish when they start.
  const [open, setOpen] = useState(Boolean(deleteErrors) || confirmInline);
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-account";

  const form = (enforceKeyword: boolean) => (
    <DeleteForm
      keyword={keyword}
      enforceKeyword={enforceKeyword}
      errors={deleteErrors}
      deleting={deleting}
    />
  );

  return (
    <section
      aria-labelledby="delete-account-title"
      id="delete-account"
      className="space-y-3 rounded-2xl border border-red-200 bg-white p-6"
    >
      <h2 id="delete-account-title" className="text-xl font-semibold">
        {t("deleteAccount.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("deleteAccount.intro")}</p>
      {hydrated ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t("deleteAccount.title")}
          description={t("deleteAccount.instruction", { keyword })}
          closeLabel={t("deleteAccount.cancel")}
          maxWidthPx={350}
          trigger={
            <Button type="button" variant="danger">
              {t("deleteAccount.open")}
            </Button>
          }
        >
          {form(true)}
        </Dialog>
      ) : confirmInline || deleteErrors ? (
        <div className="space-y-3">
          <Alert variant="warning">{t("deleteAccount.instruction", { keyword })}</Alert>
          {form(false)}
        </div>
      ) : (
        <a
          href="?delete=1#delete-account"
          className="inline-flex min-h-11 items-center rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800"
        >
          {t("deleteAccount.open")}
        </a>
      )}
    </section>
  );
}

function DeleteForm({
  keyword,
  enforceKeyword,
  errors,
  deleting,
}: {
  keyword: string;
  enforceKeyword: boolean;
  errors: string[] | undefined;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const matches = matchesDeleteKeyword(typed, keyword);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="delete-account" />
      <Field label={t("deleteAccount.confirmationLabel")} id="delete-confirmation" errors={errors}>
        <Input
          id="delete-confirmation"
          name="confirmation"
          autoComplete="off"
          className="uppercase"
          value={enforceKeyword ? typed : undefined}
          onChange={(event) => setTyped(event.currentTarget.value.toUpperCase())}
          aria-invalid={errors ? true : undefined}
        />
      </Field>
      <Button type="submit" variant="danger" disabled={enforceKeyword && !matches} busy={deleting}>
        {deleting ? t("deleteAccount.deleting") : t("deleteAccount.confirm")}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
