import type { MerchantReturnPolicy } from "schema-dts";
import { RETURN_PERIOD_DAYS, SHOP_DETAILS } from "~/modules/content/shop-details";

/**
 * The shop's return policy as the delivery-and-returns page states it: the right of withdrawal
 * ({@link RETURN_PERIOD_DAYS} days) in both markets, returned by post to the company's address in
 * Sweden, the return postage paid by the customer (a faulty item's is the shop's, which schema.org
 * cannot say per reason). Given once, on the Organization, which Google reads for every product
 * of the shop (https://developers.google.com/search/docs/appearance/structured-data/return-policy).
 */
export function returnPolicyJsonLd(): MerchantReturnPolicy {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: ["SE", "FI"],
    returnPolicyCountry: SHOP_DETAILS.country,
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: RETURN_PERIOD_DAYS,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
  };
}
