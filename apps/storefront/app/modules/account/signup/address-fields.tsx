import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Field, Input, Select } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";

export interface AddressFieldsValue {
  street_address: string;
  co_address: string;
  postal_code: string;
  city: string;
  country: string;
}

/** One address of the signup form (A§3 Address): street, c/o, postal code, city, country. */
export function AddressFields({
  field,
  countries,
  autoCompleteSection,
  onCountryChange,
}: {
  field: FieldMetadata<Partial<AddressFieldsValue>>;
  countries: { code: string; name: string }[];
  autoCompleteSection: "billing" | "shipping";
  onCountryChange?: (country: string) => void;
}) {
  const { t } = useTranslation();
  const address = field.getFieldset();
  const errors = (name: keyof AddressFieldsValue) => translateErrors(address[name].errors, t);
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <div className="sm:col-span-6">
        <Field
          label={t("signup.street")}
          id={address.street_address.id}
          errors={errors("street_address")}
        >
          <Input
            {...getInputProps(address.street_address, { type: "text" })}
            autoComplete={`${autoCompleteSection} street-address`}
          />
        </Field>
      </div>
      <div className="sm:col-span-6">
        <Field
          label={t("signup.coAddress")}
          id={address.co_address.id}
          errors={errors("co_address")}
        >
          <Input {...getInputProps(address.co_address, { type: "text" })} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          label={t("signup.postalCode")}
          id={address.postal_code.id}
          errors={errors("postal_code")}
        >
          <Input
            {...getInputProps(address.postal_code, { type: "text" })}
            autoComplete={`${autoCompleteSection} postal-code`}
          />
        </Field>
      </div>
      <div className="sm:col-span-4">
        <Field label={t("signup.city")} id={address.city.id} errors={errors("city")}>
          <Input
            {...getInputProps(address.city, { type: "text" })}
            autoComplete={`${autoCompleteSection} address-level2`}
          />
        </Field>
      </div>
      <div className="sm:col-span-3">
        <Field label={t("signup.country")} id={address.country.id} errors={errors("country")}>
          <Select
            {...getSelectProps(address.country)}
            autoComplete={`${autoCompleteSection} country`}
            onChange={(event) => onCountryChange?.(event.currentTarget.value)}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}
