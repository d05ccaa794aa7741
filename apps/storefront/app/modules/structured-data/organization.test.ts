import { describe, expect, it } from "vitest";
import { SHOP_DETAILS } from "~/modules/content/shop-details";
import { organizationId } from "./ids";
import { organizationJsonLd } from "./organization";

describe("the shop's Organization", () => {
  it("names the company, its numbers, address and customer service from the shop's details", () => {
    const organization = organizationJsonLd({
      url: "https://shop.example/",
      logo: "https://shop.example/images/logo.png",
      id: organizationId("https://shop.example/"),
    });
    expect(organization).toMatchObject({
      "@type": "Organization",
      "@id": "https://shop.example/#organization",
      name: SHOP_DETAILS.company,
      url: "https://shop.example/",
      logo: "https://shop.example/images/logo.png",
      taxID: "559321-4876",
      iso6523Code: "0007:5593214876",
      vatID: "SE559321487601",
      address: {
        "@type": "PostalAddress",
        streetAddress: SHOP_DETAILS.street,
        postalCode: SHOP_DETAILS.postalCode,
        addressLocality: SHOP_DETAILS.city,
        addressCountry: "SE",
      },
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: "+46 8 465 004 50",
        email: SHOP_DETAILS.email,
      },
      hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", merchantReturnDays: 14 },
    });
  });
});
