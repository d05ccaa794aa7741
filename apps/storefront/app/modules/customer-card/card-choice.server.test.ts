import type { Address, Company, CurrentUser } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import {
  carriesReference,
  choiceForCompany,
  customerInput,
  newAddressCopy,
  referenceOf,
  usesCustomerCard,
} from "./card-choice.server";

function address(id: string, isDefault: boolean): Address {
  return {
    id,
    company_id: "org-a",
    name: id,
    company_name: "Alfa AB",
    street_address: `Gatan ${id}`,
    co_address: "",
    city: "Stockholm",
    state_province: "",
    house_number: "",
    postal_code: "11122",
    country: "SE",
    phone: "+46812345600",
    is_default: isDefault,
    shipping_type: "standard",
    created_at: "",
    updated_at: "",
  };
}

const company = {
  id: "org-a",
  name: "Alfa AB",
  organisation_number: "556677-8899",
  tax_id_vat_number: "SE556677889901",
  contact_name: "Karin Kontakt",
  billing_address: [address("b1", false), address("b2", true)],
  shipping_address: [address("s1", false)],
} as Company;

const user = (overrides: Partial<CurrentUser> = {}) =>
  ({
    id: "usr-agent",
    first_name: "Axel",
    last_name: "Lund",
    is_super_admin: false,
    organisations: [],
    ...overrides,
  }) as unknown as CurrentUser;

describe("the card's choice (A§4, A§6)", () => {
  it("is for agents of some company and for super admins only", () => {
    const member = (role: "customer" | "agent") =>
      user({
        organisations: [{ id: "org-a", role, level: "admin" }] as CurrentUser["organisations"],
      });
    expect(usesCustomerCard(member("agent"))).toBe(true);
    expect(usesCustomerCard(member("customer"))).toBe(false);
    expect(usesCustomerCard(user({ is_super_admin: true }))).toBe(true);
  });

  it("picks a company's default addresses (else the first), and the agent as contact", () => {
    expect(choiceForCompany(user(), company)).toMatchObject({
      organisationId: "org-a",
      contactUserId: "usr-agent",
      billing: { id: "b2" },
      shipping: { id: "s1" },
    });
    expect(choiceForCompany(user({ is_super_admin: true }), company).contactUserId).toBeNull();
    expect(choiceForCompany(user(), null)).toEqual({
      organisationId: null,
      contactUserId: null,
      billing: null,
      shipping: null,
    });
  });

  it("sends a company address by its id and a new one whole", () => {
    const choice = {
      ...choiceForCompany(user(), company),
      shipping: newAddressCopy({
        name: "",
        company_name: "Alfa AB",
        street_address: "Nygatan 1",
        city: "Uppsala",
        state_province: "Uppsala län",
        postal_code: "75320",
        country: "SE",
      }),
    };
    expect(customerInput(choice, "token")).toEqual({
      accessToken: "token",
      organisationId: "org-a",
      contactUserId: "usr-agent",
      billingAddress: { id: "b2" },
      shippingAddress: {
        name: "",
        company_name: "Alfa AB",
        street_address: "Nygatan 1",
        city: "Uppsala",
        state_province: "Uppsala län",
        postal_code: "75320",
        country: "SE",
      },
    });
    expect(customerInput(choiceForCompany(user(), null), "token")).toEqual({
      accessToken: "token",
    });
  });

  it("names the contact in the reference, or the company's contact without one", () => {
    const withContact = referenceOf(company, {
      id: "u",
      first_name: "Ingrid",
      last_name: "Ek",
      email: "",
    });
    expect(withContact).toEqual({
      company: {
        registrationNumber: "556677-8899",
        taxId: "SE556677889901",
        name: "Alfa AB",
        reference: "Ingrid Ek",
      },
      merchantReference1: "5566778899",
    });
    expect(referenceOf(company, null).company.reference).toBe("Karin Kontakt");
    expect(carriesReference({ ...withContact }, withContact)).toBe(true);
    expect(carriesReference({ ...withContact, merchantReference1: "x" }, withContact)).toBe(false);
    expect(carriesReference({}, withContact)).toBe(false);
  });
});
