import { describe, expect, it } from "vitest";
import { CAMPAIGN_PARAMS, PAGE_PARAMS, pageLocation } from "./page-location";

const SHOP = "https://shop.example";

describe("pageLocation", () => {
  it("drops a mail link's token, and every parameter the shop did not allow", () => {
    expect(pageLocation(`${SHOP}/reset-password/?token=s3cret`)).toBe(`${SHOP}/reset-password/`);
    expect(pageLocation(`${SHOP}/login/?token=s3cret&redirectTo=%2Fcart`)).toBe(`${SHOP}/login/`);
    expect(pageLocation(`${SHOP}/newsletter/unsubscribe?token=s3cret`)).toBe(
      `${SHOP}/newsletter/unsubscribe`,
    );
    expect(
      pageLocation(`${SHOP}/checkout/confirmation?provider=klarna&order_id=k-1&sessionResult=x`),
    ).toBe(`${SHOP}/checkout/confirmation`);
    // Names are compared exactly: another spelling is another parameter, not allowed.
    expect(pageLocation(`${SHOP}/x?Token=a&TOKEN=b&q%00=c&email=a%40b.se`)).toBe(`${SHOP}/x`);
  });

  it("keeps a page's own parameters and the campaign's, in their order, and drops the fragment", () => {
    expect(pageLocation(`${SHOP}/sv-se/search?q=ull+tr%C3%B6ja&page=2&token=x#results`)).toBe(
      `${SHOP}/sv-se/search?q=ull+tr%C3%B6ja&page=2`,
    );
    expect(
      pageLocation(`${SHOP}/sv-se/produkt/ulltroja?variant=pv-1&utm_source=nyhetsbrev&gclid=abc`),
    ).toBe(`${SHOP}/sv-se/produkt/ulltroja?variant=pv-1&utm_source=nyhetsbrev&gclid=abc`);
    expect(pageLocation(`${SHOP}/sv-se/produkt/ulltroja?color=r%C3%B6d&size=M`)).toBe(
      `${SHOP}/sv-se/produkt/ulltroja?color=r%C3%B6d&size=M`,
    );
    for (const name of [...PAGE_PARAMS, ...CAMPAIGN_PARAMS]) {
      expect(pageLocation(`${SHOP}/x?${name}=1&token=t`), name).toBe(`${SHOP}/x?${name}=1`);
    }
  });

  it("drops credentials and answers nothing for what is no http(s) address", () => {
    expect(pageLocation("https://user:pass@shop.example/a?token=t")).toBe(`${SHOP}/a`);
    expect(pageLocation("")).toBe("");
    expect(pageLocation("not a url")).toBe("");
    expect(pageLocation("javascript:alert(1)")).toBe("");
  });
});
