import { describe, expect, it } from "vitest";
import { createSignupSchema } from "./account-schemas.js";
import { signupPayloadFrom } from "./signup-payload.js";

const schema = createSignupSchema({ organisationSignup: true });

const billing = {
  street_address: "Storgatan 1",
  city: "Stockholm",
  postal_code: "111 22",
  country: "SE",
};
const shipping = {
  street_address: "Lillgatan 2",
  co_address: "c/o Berg",
  city: "Helsinki",
  postal_code: "00100",
  country: "FI",
};

const consumerForm = schema.parse({
  first_name: "Ada",
  last_name: "Lind",
  email: "Ada.Lind@Example.SE",
  password: "hemligt123",
  confirmPassword: "hemligt123",
  phone_number: "070-123 45 67",
  allow_email_notifications: "on",
  billing_address: [billing],
  shipping_address: [shipping],
  terms_accepted: "on",
});

describe("signupPayloadFrom", () => {
  it("builds the user payload with the A§3 defaults", () => {
    expect(signupPayloadFrom(consumerForm)).toEqual({
      user: {
        first_name: "Ada",
        last_name: "Lind",
        email: "ada.lind@example.se",
        password: "hemligt123",
        phone_number: "+46701234567",
        language: "SV",
        country_code: "SE",
        market: "SE",
        store_group: "default",
        role: "customer",
        allow_email_notifications: true,
        allow_phone_notifications: false,
        allow_postal_notifications: false,
        status: "active",
      },
    });
  });

  it("takes language, market, store group and status from the options", () => {
    const { user } = signupPayloadFrom(consumerForm, {
      language: "fi",
      market: "fi",
      storeGroup: "business",
      status: "pending",
    });
    expect(user).toMatchObject({
      language: "FI",
      market: "FI",
      store_group: "business",
      status: "pending",
    });
    expect(signupPayloadFrom(consumerForm, { market: "NO", storeGroup: " " }).user).toMatchObject({
      market: "SE",
      store_group: "default",
    });
  });

  it("builds the organisation payload for a company, with its defaults", () => {
    const form = schema.parse({
      ...consumerForm,
      account_type: "company",
      organisation: {
        name: "Lind AB",
        organisation_number: "556677-8899",
        invoice_email: "faktura@lind.se",
        attribute: "attr-7",
      },
    });
    expect(signupPayloadFrom(form, { status: "pending" }).organisation).toEqual({
      name: "Lind AB",
      organisation_number: "5566778899",
      tax_id_vat_number: "SE556677889901",
      contact_name: "Ada Lind",
      email: "ada.lind@example.se",
      invoice_email: "faktura@lind.se",
      phone: "+46701234567",
      attribute_ids: ["attr-7"],
      credit_check: false,
      custom_fields: {},
      billing_address: [{ ...billing, is_default: true, shipping_type: "standard" }],
      shipping_address: [{ ...shipping, is_default: true, shipping_type: "standard" }],
      status: "pending",
    });
  });

  it("sends no attribute and the billing address as shipping when same as billing", () => {
    const form = schema.parse({
      ...consumerForm,
      same_as_billing: "on",
      account_type: "company",
      organisation: { name: "Lind AB", organisation_number: "5566778899" },
    });
    const { organisation } = signupPayloadFrom(form);
    expect(organisation).toMatchObject({
      attribute_ids: [],
      shipping_address: [{ ...billing, is_default: true, shipping_type: "standard" }],
    });
    // A§4: the invoice email follows the user's until edited, with or without JavaScript.
    expect(organisation?.invoice_email).toBe("ada.lind@example.se");
    const emptied = schema.parse({
      ...consumerForm,
      account_type: "company",
      organisation: {
        name: "Lind AB",
        organisation_number: "5566778899",
        invoice_email: "",
        edited_fields: "invoice_email",
      },
    });
    expect(signupPayloadFrom(emptied).organisation).not.toHaveProperty("invoice_email");
  });

  it("sends the organisation's external_ref only where the shop asks for it (A§1, A§3)", () => {
    const input = {
      ...consumerForm,
      account_type: "company",
      organisation: {
        name: "Lind AB",
        organisation_number: "5566778899",
        external_ref: "  ERP-4711 ",
      },
    };
    const asking = createSignupSchema({ organisationSignup: true, externalRef: true });
    expect(signupPayloadFrom(asking.parse(input)).organisation?.external_ref).toBe("ERP-4711");
    // Left empty, it is not sent at all.
    const empty = { ...input, organisation: { ...input.organisation, external_ref: "" } };
    expect(signupPayloadFrom(asking.parse(empty)).organisation).not.toHaveProperty("external_ref");
    // A shop that does not show the field ignores a posted value.
    expect(signupPayloadFrom(schema.parse(input)).organisation).not.toHaveProperty("external_ref");
    // At most 200 characters, like the platform.
    const long = {
      ...input,
      organisation: { ...input.organisation, external_ref: "x".repeat(201) },
    };
    expect(asking.safeParse(long).success).toBe(false);
  });

  it("sends an empty phone when the form has no phone field (A§2)", () => {
    const withoutPhone = createSignupSchema({ organisationSignup: true, phoneNumber: false });
    const form = withoutPhone.parse({ ...consumerForm, phone_number: undefined });
    expect(signupPayloadFrom(form).user.phone_number).toBe("");
  });

  it("has no organisation for a consumer", () => {
    expect(signupPayloadFrom(consumerForm).organisation).toBeUndefined();
  });
});
