import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { passwordCriteria, passwordStrength } from "@kassa/domain";
import { Field, PasswordCriteria, PasswordInput, StrengthMeter } from "@kassa/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { translateErrors } from "~/modules/http/form-errors";

/**
 * A new password and its confirmation (signup and set-new-password, A§2): reveal toggles, and the
 * live criteria list and strength score that follow what is typed. Without `confirmPassword` the
 * password stands alone (the signup from an order: one field, its reveal toggle to check it).
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel,
  confirmLabel,
}: {
  password: FieldMetadata<string>;
  confirmPassword?: FieldMetadata<string>;
  passwordLabel: string;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  const criteria = passwordCriteria(typed);
  const score = passwordStrength(typed);
  const toggleLabels = { revealLabel: t("password.reveal"), hideLabel: t("password.hide") };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={passwordLabel} id={password.id} errors={translateErrors(password.errors, t)}>
        <PasswordInput
          {...getInputProps(password, { type: "password" })}
          {...toggleLabels}
          autoComplete="new-password"
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
      </Field>
      {confirmPassword ? (
        <Field
          label={confirmLabel ?? ""}
          id={confirmPassword.id}
          errors={translateErrors(confirmPassword.errors, t)}
        >
          <PasswordInput
            {...getInputProps(confirmPassword, { type: "password" })}
            {...toggleLabels}
            autoComplete="new-password"
          />
        </Field>
      ) : null}
      <div className="space-y-3 sm:col-span-2">
        <PasswordCriteria
          title={t("password.criteriaTitle")}
          metLabel={t("password.met")}
          unmetLabel={t("password.unmet")}
          items={[
            { id: "length", label: t("password.minLength"), met: criteria.minLength },
            { id: "digit", label: t("password.digit"), met: criteria.digit },
            { id: "special", label: t("password.special"), met: criteria.special },
          ]}
        />
        {/* Only a live score means anything; without JavaScript the list above states the rules. */}
        {hydrated ? (
          <StrengthMeter
            score={score}
            label={t("password.strength")}
            valueText={t("password.strengthValue", { score })}
          />
        ) : null}
      </div>
    </div>
  );
}
