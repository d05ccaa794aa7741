import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  useFormMetadata,
} from "@conform-to/react";
import { type AddressKind, canRemoveCompanyAddress, normalisePhoneInput } from "@kassa/domain";
import { Badge, Button, Checkbox, Field, Input, Select } from "@kassa/ui";
import type { FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import type { CompanyAddressValues } from "./company-form-values";
import { removeAddressIntent } from "./company-intents";

/**
 * One address of the company form (A§3 Address, A§5): its stored id rides along hidden, so the
 * platform updates that address; street, postal code, city, country and phone are required, and
 * state/province on a shipping address. The remove button shows for admins while the list has
 * more than one address (A§4); it is a submit button that works without JavaScript and, with it,
 * removes the address in the page.
 */
export function CompanyAddressFields({
  kind,
  field,
  index,
  count,
  canEdit,
  countries,
  marketCountry,
  autoFocus,
  onRemove,
}: {
  kind: AddressKind;
  field: FieldMetadata<CompanyAddressValues>;
  index: number;
  /** How many addresses the list has. */
  count: number;
  canEdit: boolean;
  countries: { code: string; name: string }[];
  marketCountry: string;
  /** Focus the address's first field (an address just added without JavaScript). */
  autoFocus: boolean;
  onRemove(index: number): void;
}) {
  const { t } = useTranslation();
  const form = useFormMetadata();
  const address = field.getFieldset();
  const errors = (name: keyof CompanyAddressValues) => translateErrors(address[name].errors, t);
  const title =
    address.name.initialValue ||
    t(kind === "billing" ? "company.addedBillingAddress" : "company.addedShippingAddress", {
      n: index + 1,
    });
  const text = (name: Exclude<keyof CompanyAddressValues, "is_default">) =>
    getInputProps(address[name] as FieldMetadata<string>, { type: "text" });

  function normalisePhone(event: FocusEvent<HTMLInputElement>) {
    // A§5: a number without + gets the address country's calling code, leading zeros removed.
    const input = event.currentTarget;
    if (!input.value) return;
    const select = input.form?.elements.namedItem(address.country.name);
    const country = select instanceof HTMLSelectElement ? select.value : marketCountry;
    input.value = normalisePhoneInput(input.value, country || marketCountry);
  }

  return (
    <fieldset
      className="min-w-0 rounded-lg border border-stone-200 p-3 sm:p-4"
      data-testid={`${kind}-address`}
    >
      <legend className="flex items-center gap-2 px-1 text-base font-semibold text-stone-900">
        {title}
        {/* The disabled box is faint; a member still sees which address is the default. */}
        {!canEdit && address.is_default.initialValue === "on" ? (
          <Badge variant="success">{t("company.address.isDefault")}</Badge>
        ) : null}
      </legend>
      <input {...getInputProps(address.id, { type: "hidden" })} />
      <input {...getInputProps(address.house_number, { type: "hidden" })} />
      <input {...getInputProps(address.shipping_type, { type: "hidden" })} />
      <div className="grid gap-4 pt-2 sm:grid-cols-2">
        <Field label={t("company.address.name")} id={address.name.id} errors={errors("name")}>
          <Input {...text("name")} autoFocus={autoFocus} />
        </Field>
        <Field
          label={t("company.address.companyName")}
          id={address.company_name.id}
          errors={errors("company_name")}
        >
          <Input {...text("company_name")} autoComplete={`section-${kind}${index} organization`} />
        </Field>
        <Field
          label={t("company.address.street")}
          id={address.street_address.id}
          errors={errors("street_address")}
          required
          className="sm:col-span-2"
        >
          <Input
            {...text("street_address")}
            autoComplete={`section-${kind}${index} ${kind} address-line1`}
          />
        </Field>
        <Field
          label={t("company.address.coAddress")}
          id={address.co_address.id}
          errors={errors("co_address")}
          className="sm:col-span-2"
        >
          <Input
            {...text("co_address")}
            autoComplete={`section-${kind}${index} ${kind} address-line2`}
          />
        </Field>
        <Field
          label={t("company.address.postalCode")}
          id={address.postal_code.id}
          errors={errors("postal_code")}
          required
        >
          <Input
            {...text("postal_code")}
            autoComplete={`section-${kind}${index} ${kind} postal-code`}
          />
        </Field>
        <Field
          label={t("company.address.city")}
          id={address.city.id}
          errors={errors("city")}
          required
        >
          <Input
            {...text("city")}
            autoComplete={`section-${kind}${index} ${kind} address-level2`}
          />
        </Field>
        <Field
          label={t("company.address.stateProvince")}
          id={address.state_province.id}
          errors={errors("state_province")}
          required={kind === "shipping"}
        >
          <Input
            {...text("state_province")}
            autoComplete={`section-${kind}${index} ${kind} address-level1`}
          />
        </Field>
        <Field
          label={t("company.address.country")}
          id={address.country.id}
          errors={errors("country")}
          required
        >
          <Select
            {...getSelectProps(address.country)}
            autoComplete={`section-${kind}${index} ${kind} country`}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("company.address.phone")}
          id={address.phone.id}
          errors={errors("phone")}
          required
        >
          <Input
            {...getInputProps(address.phone, { type: "tel" })}
            autoComplete={`section-${kind}${index} ${kind} tel`}
            onBlur={normalisePhone}
          />
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
        <Checkbox
          id={address.is_default.id}
          name={address.is_default.name}
          form={form.id}
          label={t("company.address.isDefault")}
          defaultChecked={address.is_default.initialValue === "on"}
          errors={errors("is_default")}
        />
        {canRemoveCompanyAddress(count, canEdit) ? (
          <Button
            type="submit"
            name="intent"
            value={removeAddressIntent(kind, index)}
            variant="secondary"
            size="sm"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              onRemove(index);
            }}
          >
            {t("company.address.remove", { name: title })}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
