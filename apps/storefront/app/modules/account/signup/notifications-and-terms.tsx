import { Checkbox, Fieldset } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import type { SignupFields } from "./signup-form";

/** The notification preferences of the signup form (A§1, A§3 Settings): the configured ones only. */
export function NotificationChoices({
  choices,
}: {
  choices: readonly ("email" | "sms" | "postal")[];
}) {
  const { t } = useTranslation();
  if (choices.length === 0) return null;
  return (
    <Fieldset legend={t("signup.notifications")}>
      <div className="flex flex-wrap gap-6">
        {choices.includes("email") ? (
          <Checkbox
            id="allow_email_notifications"
            name="allow_email_notifications"
            label={t("signup.allowEmail")}
          />
        ) : null}
        {choices.includes("sms") ? (
          <Checkbox
            id="allow_phone_notifications"
            name="allow_phone_notifications"
            label={t("signup.allowPhone")}
          />
        ) : null}
        {choices.includes("postal") ? (
          <Checkbox
            id="allow_postal_notifications"
            name="allow_postal_notifications"
            label={t("signup.allowPostal")}
          />
        ) : null}
      </div>
    </Fieldset>
  );
}

/** The terms box of the signup form (A§2, A§5: required), linking the privacy policy in a new tab. */
export function TermsAcceptance({ fields }: { fields: SignupFields }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const field = fields.terms_accepted;
  return (
    <Checkbox
      id={field.id}
      name={field.name}
      errors={translateErrors(field.errors, t)}
      label={
        <>
          {t("signup.termsBefore")}
          <a
            href={paths.to(`/${t("privacy.slug")}`)}
            target="_blank"
            rel="noreferrer"
            className="text-emerald-800 underline underline-offset-4"
          >
            {t("signup.termsLink")}
          </a>
          {t("signup.termsAfter")}
        </>
      }
    />
  );
}
