import { describe, expect, it } from "vitest";
import { companyFormSchema, newAddressSchema } from "./company-form.js";
import { companyValidationText, COMPANY_VALIDATION as V } from "./company-messages.js";

const address = {
  street_address: "Sveavägen 44",
  city: "Stockholm",
  postal_code: "11134",
  country: "se",
  phone: "08-123 456 00",
};

const form = {
  name: "Nordtrade AB",
  organisation_number: "5566778899",
  tax_id_vat_number: "SE556677889901",
  contact_name: "Anders Nordin",
  email: "Info@Nordtrade.test",
  invoice_email: "",
  phone: "070-123 45 05",
  billing_addresses: [address],
  shipping_addresses: [{ ...address, state_province: "Stockholms län" }],
};

function messagesOf(value: unknown): Record<string, string[]> {
  const result = companyFormSchema.safeParse(value);
  if (result.success) return {};
  const messages: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    messages[path] = [...(messages[path] ?? []), issue.message];
  }
  return messages;
}

describe("companyFormSchema (A§5 table)", () => {
  it("accepts a complete form, normalising email, phone and country", () => {
    const parsed = companyFormSchema.parse(form);
    expect(parsed.email).toBe("info@nordtrade.test");
    expect(parsed.phone).toBe("+46701234505");
    expect(parsed.billing_addresses[0]).toMatchObject({
      country: "SE",
      phone: "+46812345600",
      is_default: false,
      shipping_type: "standard",
    });
  });

  it("gives each rule of the table its own message", () => {
    expect(
      messagesOf({
        ...form,
        billing_addresses: [],
        shipping_addresses: [],
        contact_name: "A",
        email: "not-an-email",
        invoice_email: "also bad",
        name: " B ",
        phone: "",
      }),
    ).toEqual({
      billing_addresses: [V.billingAddressesRequired.key],
      shipping_addresses: [V.shippingAddressesRequired.key],
      contact_name: [V.contactNameMin.key],
      email: [V.emailInvalid.key],
      invoice_email: [V.invoiceEmailInvalid.key],
      name: [V.nameMin.key],
      phone: [V.phoneRequired.key],
    });
  });

  it("requires street, city, postal code, country and phone on every address, and state/province on shipping ones", () => {
    expect(
      messagesOf({ ...form, billing_addresses: [{}], shipping_addresses: [{ country: "" }] }),
    ).toEqual({
      "billing_addresses.0.street_address": [V.streetAddressRequired.key],
      "billing_addresses.0.city": [V.cityRequired.key],
      "billing_addresses.0.postal_code": [V.postalCodeRequired.key],
      "billing_addresses.0.country": [V.countryRequired.key],
      "billing_addresses.0.phone": [V.addressPhoneRequired.key],
      "shipping_addresses.0.street_address": [V.streetAddressRequired.key],
      "shipping_addresses.0.city": [V.cityRequired.key],
      "shipping_addresses.0.state_province": [V.stateProvinceRequired.key],
      "shipping_addresses.0.postal_code": [V.postalCodeRequired.key],
      "shipping_addresses.0.country": [V.countryRequired.key],
      "shipping_addresses.0.phone": [V.addressPhoneRequired.key],
    });
  });

  it("keeps an optional invoice email empty and refuses a phone that is no number", () => {
    expect(companyFormSchema.parse(form).invoice_email).toBe("");
    expect(messagesOf({ ...form, phone: "+46 12" })).toEqual({ phone: [V.phoneInvalid.key] });
  });

  it("knows the spec's English text of each key, for the platform's errors", () => {
    expect(companyValidationText(V.nameMin.key)).toBe("Company name must be at least 2 characters");
    expect(companyValidationText("validation.unknown")).toBe("validation.unknown");
  });
});

describe("newAddressSchema (A§5 new address in the card)", () => {
  it("requires company name, street, city, state/province, zip and country; the name is optional", () => {
    const result = newAddressSchema.safeParse({ country: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "company_name",
      "street_address",
      "city",
      "state_province",
      "postal_code",
      "country",
    ]);
    expect(
      newAddressSchema.parse({
        company_name: "Nordtrade AB",
        street_address: "Lagervägen 7",
        city: "Göteborg",
        state_province: "Västra Götaland",
        postal_code: "41505",
        country: "SE",
      }).name,
    ).toBe("");
  });
});
