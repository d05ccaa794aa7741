import { getInputProps, getSelectProps } from "@conform-to/react";
import {
  autofillVatNumber,
  cleanOrganisationNumber,
  type OrganisationAutofillField,
} from "@kassa/domain";
import { Field, Fieldset, Input, Select } from "@kassa/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import { normalisePhoneField, type SignupFields } from "./signup-form";

/** The form's names of the fields A§4 fills in until edited (`ORGANISATION_AUTOFILL_FIELDS`). */
const EDITED_FIELD_NAMES = {
  taxId: "tax_id_vat_number",
  email: "email",
  invoiceEmail: "invoice_email",
  phone: "phone",
} as const satisfies Record<string, OrganisationAutofillField>;

/**
 * The company information of the signup form (A§2, A§3 Organisation), shown for a company buyer
 * when organisation signup is on (A§1). A§4: until edited by hand, the VAT number follows the
 * organisation number and the billing country, and the organisation's email, invoice email and
 * phone follow the contact person's.
 */
export function CompanyFields({
  fields,
  hidden,
  attributes,
  externalRef,
  phoneCountry,
  billingCountry,
  userEmail,
  userPhone,
}: {
  fields: SignupFields;
  hidden: boolean;
  /** The organisation attributes to choose from (A§1); none hides the picker. */
  attributes: { id: string; label: string }[];
  /** Whether the shop asks for the company's own reference (A§3 `external_ref`, a setting). */
  externalRef: boolean;
  phoneCountry: string;
  billingCountry: string;
  userEmail: string;
  userPhone: string;
}) {
  const { t } = useTranslation();
  const [organisationNumber, setOrganisationNumber] = useState("");
  const [edited, setEdited] = useState<{
    taxId?: string;
    email?: string;
    invoiceEmail?: string;
    phone?: string;
  }>({});
  const organisation = fields.organisation.getFieldset();
  const errors = translateErrors;
  // Which autofilled fields the person edited, for the server's A§4 rule (an emptied field stays
  // empty); without JavaScript nothing is sent and an empty field takes its default there.
  const editedFields = Object.keys(edited)
    .map((key) => EDITED_FIELD_NAMES[key as keyof typeof edited])
    .join(",");

  const autofilledTaxId = autofillVatNumber(organisationNumber, billingCountry) ?? "";
  const controlled = (own: string | undefined, fallback: string) => ({
    defaultValue: undefined,
    value: own ?? fallback,
  });
  // The value is read before the state update: React clears the event's target afterwards.
  const edit = (field: keyof typeof edited, value: string) =>
    setEdited((current) => ({ ...current, [field]: value }));

  return (
    <Fieldset legend={t("signup.company")} hidden={hidden}>
      {editedFields ? (
        <input
          type="hidden"
          name={`${fields.organisation.name}.edited_fields`}
          value={editedFields}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            label={t("signup.organisationName")}
            id={organisation.name.id}
            errors={errors(organisation.name.errors, t)}
          >
            <Input
              {...getInputProps(organisation.name, { type: "text" })}
              autoComplete="organization"
            />
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
            onChange={(event) =>
              setOrganisationNumber(cleanOrganisationNumber(event.currentTarget.value))
            }
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
              const value = normalisePhoneField(event.currentTarget, phoneCountry);
              setEdited((current) =>
                current.phone === undefined ? current : { ...current, phone: value },
              );
            }}
          />
        </Field>
        {externalRef ? (
          <Field
            label={t("signup.externalRef")}
            hint={t("signup.externalRefHint")}
            id={organisation.external_ref.id}
            errors={errors(organisation.external_ref.errors, t)}
          >
            <Input {...getInputProps(organisation.external_ref, { type: "text" })} />
          </Field>
        ) : null}
        {attributes.length > 0 ? (
          <Field
            label={t("signup.attribute")}
            id={organisation.attribute.id}
            errors={errors(organisation.attribute.errors, t)}
          >
            <Select {...getSelectProps(organisation.attribute)}>
              <option value="">{t("signup.attributeNone")}</option>
              {attributes.map((attribute) => (
                <option key={attribute.id} value={attribute.id}>
                  {attribute.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
    </Fieldset>
  );
}
