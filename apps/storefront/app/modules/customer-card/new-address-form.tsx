import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { SessionCustomerAddress } from "@kassa/api-client";
import type { AddressKind, NewAddressForm as NewAddressValues } from "@kassa/domain";
import { Button, Field, Input, Select } from "@kassa/ui";
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import { parseNewAddress } from "./card-intents";
import { type CardAddressReply, isCardAddressReply } from "./card-view";

/**
 * A§5 "New address (card)": location name (optional), company name, street, zip, city,
 * state/province and country, checked with `newAddressSchema` in the browser (as the person
 * leaves a field) and again on the server; the messages show under the fields in the page's
 * language. The address is used for this order only.
 */
export function NewAddressForm({
  kind,
  initial,
  countries,
  actionPath,
  redirectTo,
  pageReply,
}: {
  kind: AddressKind;
  /** What the form starts with: the new address in use, or the company's name and country. */
  initial: Partial<SessionCustomerAddress>;
  countries: { code: string; name: string }[];
  actionPath: string;
  redirectTo: string;
  /** The page's own answer to a refused post (without JavaScript). */
  pageReply?: CardAddressReply;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: `card-${kind}-new` });
  const pending = fetcher.state !== "idle";
  const fetched = isCardAddressReply(fetcher.data) ? fetcher.data : undefined;
  const reply = pending
    ? undefined
    : (fetched ?? (pageReply?.kind === kind ? pageReply : undefined));
  const [form, fields] = useForm<NewAddressValues>({
    id: `card-${kind}-new-address`,
    lastResult: reply?.result,
    defaultValue: {
      name: initial.name ?? "",
      company_name: initial.company_name ?? "",
      street_address: initial.street_address ?? "",
      postal_code: initial.postal_code ?? "",
      city: initial.city ?? "",
      state_province: initial.state_province ?? "",
      country: initial.country ?? countries[0]?.code ?? "SE",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseNewAddress(formData),
  });
  const errors = (field: keyof NewAddressValues) => translateErrors(fields[field].errors, t);
  const text = (field: keyof NewAddressValues, label: string, autoComplete: string) => (
    <Field label={label} id={fields[field].id} errors={errors(field)}>
      <Input
        {...getInputProps(fields[field], { type: "text" })}
        autoComplete={autoComplete === "off" ? "off" : `section-${kind} ${kind} ${autoComplete}`}
        aria-required={field === "name" ? undefined : true}
      />
    </Field>
  );

  return (
    <fetcher.Form
      method="post"
      action={actionPath}
      preventScrollReset
      {...getFormProps(form)}
      className="flex flex-col gap-3"
      data-testid={`card-${kind}-new-form`}
    >
      <input type="hidden" name="intent" value="card-address" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="mode" value="new" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-stone-600">{t("customerCard.newAddressHint")}</p>
      {text("name", t("customerCard.fields.name"), "off")}
      {text("company_name", t("customerCard.fields.companyName"), "organization")}
      {text("street_address", t("customerCard.fields.street"), "street-address")}
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        {text("postal_code", t("customerCard.fields.postalCode"), "postal-code")}
        {text("city", t("customerCard.fields.city"), "address-level2")}
      </div>
      {text("state_province", t("customerCard.fields.stateProvince"), "address-level1")}
      <Field
        label={t("customerCard.fields.country")}
        id={fields.country.id}
        errors={errors("country")}
      >
        <Select
          {...getSelectProps(fields.country)}
          autoComplete={`section-${kind} ${kind} country`}
          aria-required
        >
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
      </Field>
      <div>
        <Button type="submit" variant="secondary" size="sm" busy={pending}>
          {pending ? t("customerCard.saving") : t("customerCard.useAddress")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
