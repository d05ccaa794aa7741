import type { FieldMetadata } from "@conform-to/react";
import { Checkbox, Fieldset } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import { useLocalePaths } from "~/modules/http/use-locale-paths";

type NotificationChoice = "email" | "sms" | "postal";

/**
 * The notification preferences of the signup form (A§1, A§3 Settings): the configured ones only.
 * Unticked to start with at the main signup; `defaultChecked` ticks them (A§3: the alternate
 * signup form starts with all three on).
 */
export function NotificationChoices({
  choices,
  defaultChecked = {},
}: {
  choices: readonly NotificationChoice[];
  defaultChecked?: Partial<Record<NotificationChoice, boolean>>;
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
            defaultChecked={defaultChecked.email}
            label={t("signup.allowEmail")}
          />
        ) : null}
        {choices.includes("sms") ? (
          <Checkbox
            id="allow_phone_notifications"
            name="allow_phone_notifications"
            defaultChecked={defaultChecked.sms}
            label={t("signup.allowPhone")}
          />
        ) : null}
        {choices.includes("postal") ? (
          <Checkbox
            id="allow_postal_notifications"
            name="allow_postal_notifications"
            defaultChecked={defaultChecked.postal}
            label={t("signup.allowPostal")}
          />
        ) : null}
      </div>
    </Fieldset>
  );
}

/** The terms box of the signup form (A§2, A§5: required), linking the privacy policy in a new tab. */
export function TermsAcceptance({ field }: { field: FieldMetadata<boolean> }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
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
