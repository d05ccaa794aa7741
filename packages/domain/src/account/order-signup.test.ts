import { describe, expect, it } from "vitest";
import { ACCOUNT_DEFAULTS } from "./account-defaults.js";
import { orderSignupSchema } from "./account-schemas.js";
import { orderSignupPayloadFrom } from "./signup-payload.js";

const buyer = {
  givenName: " Astrid ",
  familyName: "Lind",
  email: "Astrid.Lind@Example.SE",
  telephoneNumber: "070-123 45 67",
  streetAddress: "Storgatan 1",
  postalCode: "111 22",
  city: "Stockholm",
  country: "se",
};

describe("the signup from an order (A§3 alternate signup form)", () => {
  it("starts with all three notification choices ticked", () => {
    expect(ACCOUNT_DEFAULTS.orderSignupNotifications).toEqual({
      email: true,
      phone: true,
      postal: true,
    });
  });

  it("takes only a password, the three choices and the privacy acceptance", () => {
    const result = orderSignupSchema.safeParse({
      password: "hemligt123",
      allow_email_notifications: "on",
      allow_postal_notifications: "on",
      terms_accepted: "on",
      email: "someone.else@example.se",
      first_name: "Mallory",
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      password: "hemligt123",
      allow_email_notifications: true,
      allow_phone_notifications: false,
      allow_postal_notifications: true,
      terms_accepted: true,
    });
  });

  it("refuses a weak password with the signup's messages, and no privacy acceptance", () => {
    const result = orderSignupSchema.safeParse({ password: "kort" });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(["password", "password", "terms_accepted"]);
    expect(
      orderSignupSchema.safeParse({ password: "langtlosenord", terms_accepted: "on" }).success,
    ).toBe(false);
  });

  it("makes the payload from the order's buyer, the form's password and choices", () => {
    const form = orderSignupSchema.parse({
      password: "hemligt123",
      allow_email_notifications: "on",
      allow_phone_notifications: "on",
      allow_postal_notifications: "on",
      terms_accepted: "on",
    });
    expect(orderSignupPayloadFrom(buyer, form, { language: "fi", market: "FI" })).toEqual({
      first_name: "Astrid",
      last_name: "Lind",
      email: "astrid.lind@example.se",
      password: "hemligt123",
      phone_number: "+46701234567",
      language: "FI",
      country_code: "SE",
      market: "FI",
      store_group: "default",
      role: "customer",
      address: { street: "Storgatan 1", zip_code: "111 22", city: "Stockholm" },
      allow_email_notifications: true,
      allow_phone_notifications: true,
      allow_postal_notifications: true,
      status: "active",
    });
  });

  it("leaves out a phone that is no valid number, and an unknown country is SE", () => {
    const form = orderSignupSchema.parse({ password: "hemligt123", terms_accepted: "on" });
    const payload = orderSignupPayloadFrom(
      { ...buyer, telephoneNumber: "12", country: "Sverige" },
      form,
    );
    expect(payload.phone_number).toBe("");
    expect(payload.country_code).toBe("SE");
    expect(payload.allow_email_notifications).toBe(false);
  });
});
