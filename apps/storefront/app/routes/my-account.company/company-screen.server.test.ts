import {
  type Address,
  type CompaniesClient,
  type Company,
  type CurrentUser,
  HttpError,
  type MediaClient,
  UnexpectedError,
} from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import { viewerOf } from "~/modules/company/company-viewer";
import { translatorIn } from "~/modules/http/i18n.server";
import { fieldErrorsOf, normalisePhones, saveCompany } from "./company-actions.server";
import { loadCompanyScreen } from "./company-screen.server";

/**
 * The company screen's server code against a stubbed company client: the A§4 selection rules,
 * and the A§8 failures a seeded platform does not give on demand (a refused or failing user list,
 * a failing save, the platform's own field errors).
 */

const address = (id: string, country = "SE"): Address => ({
  id,
  company_id: "c1",
  name: "Huvudkontor",
  company_name: "Bolaget AB",
  street_address: "Storgatan 1",
  co_address: "",
  city: "Stockholm",
  state_province: "Stockholms län",
  house_number: "",
  postal_code: "11122",
  country,
  phone: "+46812345600",
  is_default: true,
  shipping_type: "standard",
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});

const company = (id: string, changes: Partial<Company> = {}): Company => ({
  id,
  name: `Bolaget ${id}`,
  email: "info@bolaget.test",
  invoice_email: "",
  phone: "+46812345600",
  organisation_number: "5560000000",
  credit_check: false,
  contact_name: "Anna Andersson",
  tax_id_vat_number: "SE556000000001",
  external_ref: "",
  status: "active",
  store_groups: ["business"],
  custom_fields: { costCentre: "42" },
  attribute_ids: [],
  billing_address: [address(`${id}-b`)],
  shipping_address: [address(`${id}-s`, "NO")],
  is_inactive: false,
  is_credit_valid: true,
  ...changes,
});

const user = (changes: Partial<CurrentUser> = {}): CurrentUser => ({
  id: "u1",
  email: "admin@bolaget.test",
  first_name: "Anna",
  last_name: "Andersson",
  phone_number: "",
  store_group: "business",
  market: "SE",
  language: "SV",
  country_code: "SE",
  is_super_admin: false,
  email_verified: true,
  address: { street: "", zip_code: "", city: "" },
  communication_preferences: { allow_email: false, allow_sms: false, allow_postal: false },
  organisations: [
    {
      id: "c1",
      name: "Bolaget c1",
      status: "active",
      organisation_number: "5560000000",
      tax_id_vat_number: "SE556000000001",
      contact_name: "Anna Andersson",
      role: "customer",
      level: "admin",
    },
  ],
  ...changes,
});

const notFound = () =>
  new HttpError({ message: "company not found", status: 404, method: "GET", url: "/x" });

function stubClient(
  companies: Company[],
  overrides: Partial<CompaniesClient> = {},
): CompaniesClient {
  return {
    listCompanies: async () => ({
      companies,
      page: 1,
      total: companies.length,
      total_pages: 1,
    }),
    getCompany: async (id) => {
      const found = companies.find((listed) => listed.id === id);
      if (!found) throw notFound();
      return found;
    },
    updateCompany: async (id) => ({ ok: true, company: company(id) }),
    listCompanyUsers: async () => ({ items: [], page: 1, total_items: 0, total_pages: 0 }),
    removeCompanyUser: async () => ({ success: true, message: "User removed" }),
    ...overrides,
  };
}

/** A media client with no files: the screen's tests are about the company, not its files. */
const noMedia: MediaClient = {
  listCompanyFiles: async () => ({ companies: [], page: 1, per_page: 200 }),
  uploadCompanyFile: async () => {
    throw new Error("not used");
  },
  uploadCompanyFiles: async () => {
    throw new Error("not used");
  },
  updateCompanyFile: async () => {
    throw new Error("not used");
  },
  deleteCompanyFile: async () => {
    throw new Error("not used");
  },
  convertToPng: async () => {
    throw new Error("not used");
  },
};

async function screenOf(client: CompaniesClient, search: string, viewer = user()) {
  return loadCompanyScreen({
    user: viewer,
    client,
    media: noMedia,
    printFileMaxMb: 5,
    url: new URL(`http://storefront.test/my-account/company/${search}`),
    language: "sv",
    t: await translatorIn("sv"),
  });
}

describe("the company screen's selection (A§4)", () => {
  it("selects the only company, and clears an unknown one before doing so", async () => {
    const client = stubClient([company("c1")]);
    expect((await screenOf(client, "")).selected?.id).toBe("c1");
    // A company the platform answers 404 for is cleared; the only one is then selected.
    const cleared = await screenOf(client, "?company=c9");
    expect(cleared.selected?.id).toBe("c1");
    expect(cleared.query.company).toBe("c1");
  });

  it("keeps no selection among several, and clears one no longer listed", async () => {
    const viewer = user({ is_super_admin: true, organisations: [] });
    const client = stubClient([company("c1"), company("c2")], {
      getCompany: async (id) => company(id),
    });
    expect((await screenOf(client, "", viewer)).selected).toBeNull();
    expect((await screenOf(client, "?company=c2", viewer)).selected?.id).toBe("c2");
    expect((await screenOf(client, "?company=c3", viewer)).selected).toBeNull();
  });

  it("offers the markets' countries and any country an address already has", async () => {
    const screen = await screenOf(stubClient([company("c1")]), "");
    expect(screen.countries).toEqual([
      { code: "SE", name: "Sverige" },
      { code: "FI", name: "Finland" },
      { code: "NO", name: "Norge" },
    ]);
  });

  it("shows the inactive and not-credit-valid states of the selected company", async () => {
    const screen = await screenOf(
      stubClient([company("c1", { status: "inactive", is_credit_valid: false })]),
      "",
    );
    expect(screen.selected).toMatchObject({ inactive: true, creditValid: false });
  });
});

describe("the users tab's failures (A§8)", () => {
  it("says why the list was refused", async () => {
    const client = stubClient([company("c1")], {
      listCompanyUsers: async () => ({ message: "Unauthorized", details: "Unauthorized" }),
    });
    const screen = await screenOf(client, "?tab=users");
    expect(screen.users).toEqual({
      status: "failed",
      message: "Kunde inte hämta organisationens användare: Du har inte behörighet.",
    });
  });

  it("asks to try again when the platform cannot be reached", async () => {
    const client = stubClient([company("c1")], {
      listCompanyUsers: async () => {
        throw new UnexpectedError({ method: "GET", url: "/x" });
      },
    });
    expect((await screenOf(client, "?tab=users")).users).toEqual({
      status: "failed",
      message: "Kunde inte hämta organisationens användare. Försök igen.",
    });
  });

  it("shows the last page when the asked one is past it (its last user was removed)", async () => {
    const asked: number[] = [];
    const client = stubClient([company("c1")], {
      listCompanyUsers: async (_id, query) => {
        asked.push(query?.page ?? 1);
        return query?.page === 2
          ? { items: [], page: 2, total_items: 10, total_pages: 1 }
          : {
              items: [
                {
                  id: "u2",
                  first_name: "Bo",
                  last_name: "Ek",
                  email: "bo@bolaget.test",
                  market: "SE",
                  email_verified: false,
                  role: "customer",
                  level: "default",
                },
              ],
              page: 1,
              total_items: 10,
              total_pages: 1,
            };
      },
    });
    const screen = await screenOf(client, "?tab=users&users_page=2");
    expect(asked).toEqual([2, 1]);
    expect(screen.users).toMatchObject({ status: "loaded", page: 1 });
  });
});

/** The company form as a browser posts it. */
function posted(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const validForm = {
  name: "Bolaget c1",
  organisation_number: "5560000000",
  tax_id_vat_number: "SE556000000001",
  contact_name: "Anna Andersson",
  email: "info@bolaget.test",
  phone: "08-123 456 00",
  "billing_addresses[0].id": "c1-b",
  "billing_addresses[0].street_address": "Storgatan 1",
  "billing_addresses[0].postal_code": "11122",
  "billing_addresses[0].city": "Stockholm",
  "billing_addresses[0].country": "SE",
  "billing_addresses[0].phone": "08-123 456 00",
  "shipping_addresses[0].id": "c1-s",
  "shipping_addresses[0].street_address": "Esplanadi 1",
  "shipping_addresses[0].postal_code": "00100",
  "shipping_addresses[0].city": "Helsinki",
  "shipping_addresses[0].state_province": "Uusimaa",
  "shipping_addresses[0].country": "FI",
  "shipping_addresses[0].phone": "040 123 4567",
};

describe("saving the company (A§5, A§8)", () => {
  it("normalises each phone with its own country, and keeps what the form does not show", async () => {
    let sent: unknown;
    const client = stubClient([company("c1")], {
      updateCompany: async (id, payload) => {
        sent = payload;
        return { ok: true, company: company(id) };
      },
    });
    const answer = await saveCompany({
      formData: posted({ ...validForm, name: "Another name", __state__: "{broken" }),
      client,
      viewer: viewerOf(user()),
      companyId: "c1",
      marketCountry: "SE",
    });
    expect(answer.status).toBe(200);
    expect(answer.data.savedAt).toEqual(expect.any(Number));
    expect(sent).toMatchObject({
      name: "Bolaget c1",
      phone: "+46812345600",
      custom_fields: { costCentre: "42" },
      store_groups: ["business"],
      billing_addresses: [{ id: "c1-b", phone: "+46812345600", is_default: false }],
      shipping_addresses: [{ id: "c1-s", phone: "+358401234567" }],
    });
  });

  it("answers 'Failed to update customer' when the platform fails, with its field errors", async () => {
    const failing = (status: number, errors: string[] = []) =>
      stubClient([company("c1")], {
        updateCompany: async () => ({ ok: false, status, message: "nope", errors }),
      });
    const invalid = await saveCompany({
      formData: posted(validForm),
      client: failing(400, ["billing_addresses.0.city: City is required", "phone: Odd"]),
      viewer: viewerOf(user()),
      companyId: "c1",
      marketCountry: "SE",
    });
    expect(invalid.status).toBe(400);
    expect(invalid.data.failure).toBe("save");
    expect(invalid.data.result.error).toMatchObject({
      "billing_addresses[0].city": ["validation.company.cityRequired"],
      phone: ["Odd"],
    });

    const broken = await saveCompany({
      formData: posted(validForm),
      client: stubClient([company("c1")], {
        updateCompany: async () => {
          throw new UnexpectedError({ method: "PUT", url: "/x" });
        },
      }),
      viewer: viewerOf(user()),
      companyId: "c1",
      marketCountry: "SE",
    });
    expect(broken).toMatchObject({ status: 502, data: { failure: "save", savedAt: null } });
  });

  it("reads the platform's error paths as the form's field names", () => {
    expect(
      fieldErrorsOf([
        "shipping_addresses.1.state_province: State/province is required",
        "not a field error",
      ]),
    ).toEqual({
      "shipping_addresses[1].state_province": ["validation.company.stateProvinceRequired"],
    });
  });

  it("leaves an empty phone empty and a country it does not know to the market", () => {
    const form = posted({
      phone: "",
      "billing_addresses[0].phone": "0401234567",
      "billing_addresses[0].country": "??",
    });
    normalisePhones(form, "FI");
    expect(form.get("phone")).toBe("");
    expect(form.get("billing_addresses[0].phone")).toBe("+358401234567");
  });
});
