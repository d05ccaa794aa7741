import { describe, expect, it } from "vitest";
import { addAddressIntent, companyIntentOf, removeAddressIntent } from "./company-intents";

describe("the company screen's intents", () => {
  it("reads each intent a button posts", () => {
    expect(companyIntentOf("save")).toEqual({ type: "save" });
    expect(companyIntentOf("remove-user")).toEqual({ type: "remove-user" });
    expect(companyIntentOf(addAddressIntent("billing"))).toEqual({
      type: "add-address",
      kind: "billing",
    });
    expect(companyIntentOf(removeAddressIntent("shipping", 2))).toEqual({
      type: "remove-address",
      kind: "shipping",
      index: 2,
    });
  });

  it("refuses what no button posts", () => {
    for (const value of [
      null,
      "",
      "drop-tables",
      "add-billing-address:1",
      "remove-billing-address",
      "remove-home-address:1",
      "remove-billing-address:-1",
    ]) {
      expect(companyIntentOf(value), String(value)).toBeUndefined();
    }
  });
});
