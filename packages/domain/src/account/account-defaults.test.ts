import { describe, expect, it } from "vitest";
import { ACCOUNT_DEFAULTS } from "./account-defaults.js";

describe("ACCOUNT_DEFAULTS", () => {
  it("holds the A§3/A§9 defaults", () => {
    expect(ACCOUNT_DEFAULTS).toMatchObject({
      language: "SV",
      country: "SE",
      market: "SE",
      storeGroup: "default",
      role: "customer",
      shippingType: "standard",
      status: "active",
      creditCheck: false,
      notifications: { email: false, phone: false, postal: false },
    });
  });
});
