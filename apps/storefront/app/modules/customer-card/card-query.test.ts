import { describe, expect, it } from "vitest";
import { cardQueryOf, withParams } from "./card-query";

describe("the card's URL parameters (A§4)", () => {
  it("reads the searches, pages and tabs, falling back to page 1 and the chosen address's tab", () => {
    expect(
      cardQueryOf(
        new URLSearchParams(
          "company_q=%20Nord%20&company_page=3&contact_page=-2&billing_tab=new&shipping_tab=x",
        ),
      ),
    ).toEqual({
      companySearch: "Nord",
      companyPage: 3,
      contactSearch: "",
      contactPage: 1,
      tabs: { billing: "new", shipping: undefined },
    });
    expect(
      cardQueryOf(new URLSearchParams(`company_q=${"a".repeat(300)}`)).companySearch,
    ).toHaveLength(100);
  });

  it("changes parameters and keeps the others, staying on the page when none are left", () => {
    expect(withParams("?company_q=a&company_page=2", { company_page: undefined })).toBe(
      "?company_q=a",
    );
    expect(withParams("?company_q=a", { company_q: "" })).toBe("?");
    expect(withParams("", { billing_tab: "new" })).toBe("?billing_tab=new");
  });
});
