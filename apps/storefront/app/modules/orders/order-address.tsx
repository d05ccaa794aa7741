import type { OrderAddress as Address } from "@kassa/api-client";
import { countryName } from "@kassa/domain";
import { useTranslation } from "react-i18next";

/**
 * One address of an order under its heading (billing or delivery), as the shopper gave it: on the
 * order page and the confirmation, and in their printouts (issue 32).
 */
export function OrderAddress({ title, address }: { title: string; address: Address }) {
  const { i18n } = useTranslation();
  return (
    <section>
      <h2 className="font-semibold text-stone-900">{title}</h2>
      <address className="text-stone-800 not-italic">
        {address.organizationName ? (
          <>
            {address.organizationName}
            <br />
          </>
        ) : null}
        {address.givenName} {address.familyName}
        <br />
        {address.streetAddress}
        <br />
        {address.postalCode} {address.city}
        <br />
        {countryName(address.country, i18n.language)}
      </address>
    </section>
  );
}
