import type { Organization } from "schema-dts";
import { SHOP_DETAILS } from "~/modules/content/shop-details";
import { returnPolicyJsonLd } from "./return-policy";

export interface OrganizationFacts {
  /** The shop's root URL (`publicUrl("/")`). */
  url: string;
  /** The shop's logo, absolute. */
  logo: string;
  /** The `@id` other nodes point at (`organizationId`). */
  id: string;
}

/**
 * The company behind the shop, from the one place the footer and the shop pages read it
 * (`shop-details.ts`): its legal name, Swedish organisation number (as `taxID`, and as ISO 6523
 * with Sweden's scheme `0007`), EU VAT number, postal address, customer service, which answers
 * in Swedish, Finnish and English, and the return policy that holds for every product.
 */
export function organizationJsonLd({ url, logo, id }: OrganizationFacts): Organization {
  const { company, orgNumber, vatNumber, street, postalCode, city, country, phone, email } =
    SHOP_DETAILS;
  return {
    "@type": "Organization",
    "@id": id,
    name: company,
    legalName: company,
    url,
    logo,
    taxID: orgNumber,
    iso6523Code: `0007:${orgNumber.replace(/\D/g, "")}`,
    vatID: vatNumber,
    email,
    telephone: phone.international,
    address: {
      "@type": "PostalAddress",
      streetAddress: street,
      postalCode,
      addressLocality: city,
      addressCountry: country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      telephone: phone.international,
      email,
      areaServed: ["SE", "FI"],
      availableLanguage: ["sv", "fi", "en"],
    },
    hasMerchantReturnPolicy: returnPolicyJsonLd(),
  };
}
