import { Checkbox, Fieldset } from "@kassa/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { AddressFields } from "./address-fields";
import type { SignupFields } from "./signup-form";

/**
 * The billing and shipping addresses of the signup form (A§2, A§3 Address). A§4: "same as
 * billing" (ticked at first) hides the shipping address; the VAT autofill follows the billing
 * country, so the form hears of it.
 */
export function BillingAndShippingFields({
  fields,
  countries,
  onBillingCountryChange,
}: {
  fields: SignupFields;
  countries: { code: string; name: string }[];
  onBillingCountryChange: (country: string) => void;
}) {
  const { t } = useTranslation();
  const [sameAsBilling, setSameAsBilling] = useState(
    fields.same_as_billing.initialValue !== undefined,
  );
  // The shipping address hides only once JavaScript runs; without it every field stays reachable.
  const hydrated = useHydrated();
  const [billingAddress] = fields.billing_address.getFieldList();
  const [shippingAddress] = fields.shipping_address.getFieldList();
  return (
    <>
      <Fieldset legend={t("signup.billingAddress")}>
        {billingAddress ? (
          <AddressFields
            field={billingAddress}
            countries={countries}
            autoCompleteSection="billing"
            onCountryChange={onBillingCountryChange}
          />
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
          {shippingAddress ? (
            <AddressFields
              field={shippingAddress}
              countries={countries}
              autoCompleteSection="shipping"
            />
          ) : null}
        </div>
      </Fieldset>
    </>
  );
}
