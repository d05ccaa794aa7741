import { getInputProps, getSelectProps } from "@conform-to/react";
import { Combobox, Field, Fieldset, Input, Select } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { NewPasswordFields } from "~/modules/account/new-password-fields";
import { translateErrors } from "~/modules/http/form-errors";
import { normalisePhoneField, type SignupFields } from "./signup-form";

/**
 * The contact person of the signup form (A§2, A§3 User): names, email, the country whose calling
 * code a phone number gets (a picker only when countries are configured, A§1), phone and the new
 * password. The organisation's fields follow the email and phone, so the form hears of them.
 */
export function ContactPersonFields({
  fields,
  countries,
  showCountryPicker,
  showPhone,
  defaultCountry,
  phoneCountry,
  onEmailInput,
  onPhoneCountryChange,
  onPhoneChange,
}: {
  fields: SignupFields;
  countries: { code: string; name: string }[];
  showCountryPicker: boolean;
  /** A§2: the phone field shows only when its label's translation exists. */
  showPhone: boolean;
  defaultCountry: string;
  phoneCountry: string;
  onEmailInput: (email: string) => void;
  onPhoneCountryChange: (country: string) => void;
  /** The phone number as normalised on leaving the field. */
  onPhoneChange: (phone: string) => void;
}) {
  const { t } = useTranslation();
  const errors = translateErrors;
  // The searchable picker needs JavaScript; the native select serves until then, and without it.
  const hydrated = useHydrated();
  return (
    <Fieldset legend={t("signup.contactPerson")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("signup.firstName")}
          id={fields.first_name.id}
          errors={errors(fields.first_name.errors, t)}
        >
          <Input
            {...getInputProps(fields.first_name, { type: "text" })}
            autoComplete="given-name"
          />
        </Field>
        <Field
          label={t("signup.lastName")}
          id={fields.last_name.id}
          errors={errors(fields.last_name.errors, t)}
        >
          <Input
            {...getInputProps(fields.last_name, { type: "text" })}
            autoComplete="family-name"
          />
        </Field>
        <div className="sm:col-span-2">
          <Field
            label={t("signup.email")}
            id={fields.email.id}
            errors={errors(fields.email.errors, t)}
          >
            <Input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="email"
              onInput={(event) => onEmailInput(event.currentTarget.value)}
            />
          </Field>
        </div>
        {showCountryPicker ? (
          <Field
            label={t("signup.country")}
            id={fields.country_code.id}
            errors={errors(fields.country_code.errors, t)}
          >
            {hydrated ? (
              <Combobox
                name={fields.country_code.name}
                options={countries.map((country) => ({ value: country.code, label: country.name }))}
                defaultValue={phoneCountry}
                onValueChange={onPhoneCountryChange}
                listLabel={t("signup.country")}
                noResultsText={t("countryPicker.noResults")}
                toggleLabel={t("countryPicker.showAll")}
              />
            ) : (
              <Select
                {...getSelectProps(fields.country_code)}
                onChange={(event) => onPhoneCountryChange(event.currentTarget.value)}
              >
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          <input type="hidden" name={fields.country_code.name} value={defaultCountry} />
        )}
        {showPhone ? (
          <Field
            label={t("signup.phone")}
            id={fields.phone_number.id}
            errors={errors(fields.phone_number.errors, t)}
            hint={t("signup.phoneHint")}
            // Under the input, so the input lines up with the country picker beside it.
            hintPlacement="below"
          >
            <Input
              {...getInputProps(fields.phone_number, { type: "tel" })}
              autoComplete="tel"
              onBlur={(event) =>
                onPhoneChange(normalisePhoneField(event.currentTarget, phoneCountry))
              }
            />
          </Field>
        ) : null}
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
  );
}
