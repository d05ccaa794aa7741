import { describe, expect, it } from "vitest";
import { RETURN_PERIOD_DAYS } from "~/modules/content/shop-details";
import { returnPolicyJsonLd } from "./return-policy";

describe("the shop's return policy", () => {
  it("says what the delivery-and-returns page says: 14 days, by post, the customer pays postage", () => {
    expect(returnPolicyJsonLd()).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["SE", "FI"],
      returnPolicyCountry: "SE",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: RETURN_PERIOD_DAYS,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    });
    expect(RETURN_PERIOD_DAYS).toBe(14);
  });
});
