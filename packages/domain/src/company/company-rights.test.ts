import { describe, expect, it } from "vitest";
import { companyRightsOf, mayOrderForOthers, mayRemoveCompanyUser } from "./company-rights.js";
import {
  canRemoveCompanyAddress,
  pageNumberOf,
  reconcileCompanySelection,
} from "./company-selection.js";
import {
  contactCandidates,
  customerReferenceOf,
  defaultAddressOf,
  isCompanyPickerDisabled,
  showsContactPicker,
} from "./customer-card.js";

const viewer = (organisations: { role: "customer" | "agent"; level: "admin" | "default" }[]) => ({
  id: "u1",
  isSuperAdmin: false,
  organisations: organisations.map((membership) => ({ id: "c1", ...membership })),
});

describe("companyRightsOf (A§6)", () => {
  it("gives each way of acting exactly its rights", () => {
    const rightsOf = (v: Parameters<typeof companyRightsOf>[0]) => {
      const { actsAs, ...rights } = companyRightsOf(v, "c1");
      return [actsAs, Object.values(rights).map(Number).join("")];
    };
    expect(rightsOf({ ...viewer([]), isSuperAdmin: true })).toEqual(["super_admin", "1111"]);
    expect(rightsOf(viewer([{ role: "customer", level: "admin" }]))).toEqual(["admin", "1111"]);
    expect(rightsOf(viewer([{ role: "agent", level: "default" }]))).toEqual(["agent", "1010"]);
    expect(rightsOf(viewer([{ role: "customer", level: "default" }]))).toEqual(["member", "1000"]);
    expect(rightsOf(viewer([]))).toEqual(["none", "0000"]);
    expect(companyRightsOf(viewer([{ role: "customer", level: "admin" }]), "c2").actsAs).toBe(
      "none",
    );
  });

  it("lets the role, not the level, decide who orders for others (A§4's contact picker)", () => {
    expect(mayOrderForOthers(viewer([{ role: "agent", level: "admin" }]), "c1")).toBe(true);
    expect(mayOrderForOthers(viewer([{ role: "agent", level: "default" }]), "c1")).toBe(true);
    expect(mayOrderForOthers(viewer([{ role: "customer", level: "admin" }]), "c1")).toBe(false);
    expect(mayOrderForOthers(viewer([{ role: "customer", level: "default" }]), "c1")).toBe(false);
    expect(mayOrderForOthers(viewer([{ role: "agent", level: "admin" }]), "c2")).toBe(false);
    expect(mayOrderForOthers({ ...viewer([]), isSuperAdmin: true }, "c2")).toBe(true);
  });

  it("never lets a user remove themselves", () => {
    const admin = viewer([{ role: "customer", level: "admin" }]);
    expect(mayRemoveCompanyUser(admin, "c1", "u2")).toBe(true);
    expect(mayRemoveCompanyUser(admin, "c1", "u1")).toBe(false);
    expect(mayRemoveCompanyUser({ ...admin, isSuperAdmin: true }, "c1", "u1")).toBe(false);
  });
});

describe("company selection (A§4)", () => {
  it("selects the only company, clears a selection no longer listed, keeps the rest", () => {
    expect(reconcileCompanySelection(["a"], undefined)).toBe("a");
    expect(reconcileCompanySelection(["a", "b"], "c")).toBeUndefined();
    expect(reconcileCompanySelection(["a", "b"], "b")).toBe("b");
    expect(reconcileCompanySelection(["a", "b"], undefined)).toBeUndefined();
    expect(reconcileCompanySelection([], "a")).toBe("a");
  });

  it("removes an address only for admins and when more than one is left", () => {
    expect(canRemoveCompanyAddress(2, true)).toBe(true);
    expect(canRemoveCompanyAddress(1, true)).toBe(false);
    expect(canRemoveCompanyAddress(3, false)).toBe(false);
  });

  it("reads a page number, falling back to the first page", () => {
    expect(pageNumberOf("3")).toBe(3);
    expect(pageNumberOf("0")).toBe(1);
    expect(pageNumberOf("x")).toBe(1);
    expect(pageNumberOf(undefined)).toBe(1);
  });
});

describe("customer card (A§4)", () => {
  const users = [
    { id: "u1", first_name: "Axel", last_name: "Lund", role: "agent" as const },
    { id: "u2", first_name: "Ingrid", last_name: "Ek", role: "customer" as const },
    { id: "u3", first_name: "Other", last_name: "Agent", role: "agent" as const },
  ];

  it("offers the company's customers and the ordering agent as contact persons", () => {
    expect(contactCandidates(users, "u1").map((user) => user.id)).toEqual(["u1", "u2"]);
  });

  it("picks the default address, else the first", () => {
    expect(defaultAddressOf([{ is_default: false }, { is_default: true }])).toEqual({
      is_default: true,
    });
    expect(defaultAddressOf([{ id: 1, is_default: false }])).toEqual({ id: 1, is_default: false });
  });

  it("disables the picker with at most one company unless super admin, and shows the contact picker to agents", () => {
    expect(isCompanyPickerDisabled(1, false)).toBe(true);
    expect(isCompanyPickerDisabled(1, true)).toBe(false);
    expect(isCompanyPickerDisabled(2, false)).toBe(false);
    expect(showsContactPicker("agent", true)).toBe(true);
    expect(showsContactPicker("agent", false)).toBe(false);
    expect(showsContactPicker("admin", true)).toBe(false);
  });

  it("makes the customer reference from the contact, else the company's contact name", () => {
    const company = {
      name: "Nordtrade AB",
      organisation_number: "556677-8899",
      tax_id_vat_number: "SE556677889901",
      contact_name: "Anders Nordin",
    };
    expect(customerReferenceOf(company, { first_name: "Ingrid", last_name: "Ek" })).toEqual({
      company: {
        registrationNumber: "556677-8899",
        taxId: "SE556677889901",
        name: "Nordtrade AB",
        reference: "Ingrid Ek",
      },
      merchantReference1: "5566778899",
    });
    expect(customerReferenceOf(company, { first_name: "", last_name: "X" }).company.reference).toBe(
      "Anders Nordin",
    );
  });
});
