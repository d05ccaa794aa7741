import {
  type AccountFailure,
  COMPANY_DETAILS,
  type CompanyAddressInput,
  type CompanyList,
  type CompanyUpdated,
  type CompanyUpdatePayload,
  type CompanyUserList,
  type CompanyUserRemoved,
  type PlatformErrorBody,
} from "@kassa/api-client";
import { COMPANY_PAGE_SIZE } from "@kassa/domain";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, organisations } from "../src/db/schema.js";
import { generatedCompanyUsers } from "../src/seed/company-data.js";
import { SEED_COMPANIES, SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import { logIn } from "./support/accounts.js";
import { companyPath, formPayloadOf, present, readCompany } from "./support/companies.js";
import { accessTokenOf } from "./support/order-flow.js";
import { keysOf, startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/**
 * The company calls (A§4, A§5, A§7, ADR 0013) as each role uses them. Who may call what, cell by
 * cell, is `companies-authorisation.test.ts`.
 */

let platform: TestPlatform;

type Caller = "companyBuyer" | "companyAdmin" | "agent" | "superAdmin" | "finnishCompanyBuyer";
const tokens = {} as Record<Caller | "customer", string>;

const { nordtrade, fjallhandel, skargard, norrskog, saimaa } = SEED_ORGANISATIONS;

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const caller of [
    "companyBuyer",
    "companyAdmin",
    "agent",
    "superAdmin",
    "finnishCompanyBuyer",
    "customer",
  ] as const) {
    tokens[caller] = await accessTokenOf(platform, caller);
  }
});

afterAll(async () => {
  await platform?.close();
});

function listCompanies(caller: keyof typeof tokens, query = "") {
  return platform.request<CompanyList & PlatformErrorBody>("GET", `/enad/companies/${query}`, {
    token: tokens[caller],
  });
}

function update(caller: keyof typeof tokens, companyId: string, body: unknown) {
  return platform.request<CompanyUpdated & PlatformErrorBody & AccountFailure>(
    "PUT",
    companyPath(companyId),
    { token: tokens[caller], body },
  );
}

function listUsers(caller: keyof typeof tokens, companyId: string, query = "") {
  return platform.request<CompanyUserList & AccountFailure>(
    "GET",
    `${companyPath(companyId, "users/")}${query}`,
    { token: tokens[caller] },
  );
}

function removeUser(token: string, companyId: string, userId: string) {
  return platform.request<CompanyUserRemoved & PlatformErrorBody & AccountFailure>(
    "DELETE",
    companyPath(companyId, `users/${encodeURIComponent(userId)}/`),
    { token },
  );
}

const names = (list: CompanyList) => list.companies.map((company) => company.name);

describe("GET /enad/companies/ (the company list)", () => {
  it("answers a member and an admin their one company, on one page", async () => {
    for (const caller of ["companyBuyer", "companyAdmin"] as const) {
      const { status, body } = await listCompanies(caller);
      expect(status).toBe(200);
      expect(keysOf(body)).toEqual(["companies", "page", "total", "total_pages"]);
      expect(body).toMatchObject({ page: 1, total: 1, total_pages: 1 });
      expect(names(body)).toEqual([nordtrade.name]);
    }
  });

  it("answers another company's buyer theirs only, and a consumer none", async () => {
    const finnish = await listCompanies("finnishCompanyBuyer");
    expect(names(finnish.body)).toEqual([fjallhandel.name]);
    const consumer = await listCompanies("customer");
    expect(consumer.status).toBe(200);
    expect(consumer.body).toEqual({ companies: [], page: 1, total: 0, total_pages: 0 });
  });

  it("answers an agent every company they are an agent of, by name", async () => {
    const { body } = await listCompanies("agent");
    expect(body.total).toBe(SEED_COMPANIES.agentCompanyIds.length);
    expect(names(body)).toEqual([
      fjallhandel.name,
      nordtrade.name,
      norrskog.name,
      saimaa.name,
      skargard.name,
    ]);
    const inactive = body.companies.find((company) => company.id === norrskog.id);
    expect(inactive).toMatchObject({ status: "inactive", is_inactive: true });
    const notCreditValid = body.companies.find((company) => company.id === saimaa.id);
    expect(notCreditValid).toMatchObject({ is_inactive: false, is_credit_valid: false });
  });

  it("reads each listed company whole, with its addresses", async () => {
    const { body } = await listCompanies("companyAdmin");
    const [company] = body.companies;
    expect(company).toEqual(await readCompany(platform, tokens.companyAdmin, nordtrade.id));
    expect(company?.billing_address).toHaveLength(1);
    expect(company?.shipping_address[0]?.state_province).toBe("Västra Götalands län");
  });

  it("lets a super admin page through every company, 10 a page (A§9)", async () => {
    const first = await listCompanies("superAdmin");
    expect(first.body).toMatchObject({
      page: 1,
      total: SEED_COMPANIES.total,
      total_pages: Math.ceil(SEED_COMPANIES.total / COMPANY_PAGE_SIZE),
    });
    expect(first.body.total_pages).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    for (let page = 1; page <= first.body.total_pages; page++) {
      const { body } = await listCompanies("superAdmin", `?page=${page}`);
      expect(body.page).toBe(page);
      expect(body.companies.length).toBe(
        page < first.body.total_pages
          ? COMPANY_PAGE_SIZE
          : SEED_COMPANIES.total - COMPANY_PAGE_SIZE * (page - 1),
      );
      seen.push(...body.companies.map((company) => company.id));
    }
    // Every company once, in the order of name then id.
    const stored = await platform.db
      .select({ id: organisations.id })
      .from(organisations)
      .orderBy(asc(organisations.name), asc(organisations.id));
    expect(seen).toEqual(stored.map((row) => row.id));
  });

  it("answers a page past the end empty, with the true totals", async () => {
    const { status, body } = await listCompanies("superAdmin", "?page=9");
    expect(status).toBe(200);
    expect(body).toEqual({
      companies: [],
      page: 9,
      total: SEED_COMPANIES.total,
      total_pages: Math.ceil(SEED_COMPANIES.total / COMPANY_PAGE_SIZE),
    });
  });

  it("takes per_page up to 50", async () => {
    const { body } = await listCompanies("superAdmin", "?per_page=50");
    expect(body.companies).toHaveLength(SEED_COMPANIES.total);
    expect(body.total_pages).toBe(1);
    const three = await listCompanies("agent", "?per_page=3&page=2");
    expect(three.body).toMatchObject({ page: 2, total: 5, total_pages: 2 });
    expect(names(three.body)).toEqual([saimaa.name, skargard.name]);
  });

  it.each([
    ["?search=nordtrade", "superAdmin", [nordtrade.name]],
    ["?search=%20%20NORDTRADE%20", "superAdmin", [nordtrade.name]],
    [`?search=${nordtrade.organisationNumber}`, "superAdmin", [nordtrade.name]],
    ["?search=556677-8899", "superAdmin", [nordtrade.name]],
    ["?search=5566", "superAdmin", [nordtrade.name]],
    ["?search=skärgård", "agent", [skargard.name]],
    ["?search=SKÄRGÅRD", "agent", [skargard.name]],
    ["?search=oy", "agent", [fjallhandel.name, saimaa.name]],
    ["?search=oy", "companyBuyer", []],
    ["?search=nord", "companyBuyer", [nordtrade.name]],
    ["?search=%25", "superAdmin", []],
    ["?search=_", "superAdmin", []],
  ] as const)("searches %s as %s", async (query, caller, expected) => {
    const { status, body } = await listCompanies(caller, query);
    expect(status).toBe(200);
    expect(names(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it("searches every company for a super admin, paged", async () => {
    const { body } = await listCompanies("superAdmin", "?search=ab&per_page=5");
    expect(body.total).toBeGreaterThan(5);
    expect(body.companies).toHaveLength(5);
    expect(body.companies.every((company) => /ab/i.test(company.name))).toBe(true);
  });

  it.each([
    ["?page=0", "page"],
    ["?page=abc", "page"],
    ["?page=1.5", "page"],
    ["?per_page=0", "per_page"],
    ["?per_page=51", "per_page"],
    [`?search=${"x".repeat(101)}`, "search"],
  ])("answers 400 to %s", async (query, field) => {
    const { status, body } = await listCompanies("superAdmin", query);
    expect(status).toBe(400);
    expect(body.error).toBe("BAD_REQUEST");
    expect((body.errors ?? []).some((error) => error.startsWith(`${field}: `))).toBe(true);
  });
});

describe("GET /enad/companies/{id}/", () => {
  it("answers the company to its member, with both addresses", async () => {
    const company = await readCompany(platform, tokens.companyBuyer, nordtrade.id);
    expect(company).toMatchObject({
      id: nordtrade.id,
      name: nordtrade.name,
      organisation_number: nordtrade.organisationNumber,
      tax_id_vat_number: nordtrade.taxIdVatNumber,
      status: "active",
      is_inactive: false,
      is_credit_valid: true,
    });
    expect(company.billing_address.map((address) => address.id)).toEqual(["adr-nordtrade-billing"]);
  });

  it("answers the inactive and the not credit valid company to their agent", async () => {
    expect(await readCompany(platform, tokens.agent, SEED_COMPANIES.inactive.id)).toMatchObject({
      is_inactive: true,
    });
    expect(
      await readCompany(platform, tokens.agent, SEED_COMPANIES.notCreditValid.id),
    ).toMatchObject({ is_credit_valid: false });
  });

  it("answers 404 company not found to an outsider and for an unknown id alike", async () => {
    for (const [caller, id] of [
      ["finnishCompanyBuyer", nordtrade.id],
      ["superAdmin", "org-none"],
      ["companyAdmin", "org-none"],
    ] as const) {
      const { status, body } = await platform.request<AccountFailure>("GET", companyPath(id), {
        token: tokens[caller],
      });
      expect(status).toBe(404);
      expect(body.details).toBe(COMPANY_DETAILS.companyNotFound);
      expect(body.message).toBe(COMPANY_DETAILS.companyNotFound);
    }
  });
});

describe("PUT /enad/companies/{id}/ (the company form)", () => {
  /** A Skärgårdsbolaget form to break one rule at a time; the super admin saves it. */
  let base: CompanyUpdatePayload;
  let billing: CompanyAddressInput;
  let shipping: CompanyAddressInput;

  beforeAll(async () => {
    base = formPayloadOf(await readCompany(platform, tokens.superAdmin, skargard.id));
    billing = present(base.billing_addresses[0], "billing address");
    shipping = present(base.shipping_addresses[0], "shipping address");
  });

  it("saves the form unchanged and answers the company", async () => {
    const before = await readCompany(platform, tokens.companyAdmin, nordtrade.id);
    const { status, body } = await update("companyAdmin", nordtrade.id, formPayloadOf(before));
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(["company"]);
    expect(body.company).toEqual(before);
  });

  it("updates, adds and removes addresses and keeps the read-only fields", async () => {
    const before = await readCompany(platform, tokens.companyAdmin, nordtrade.id);
    const payload = formPayloadOf(before);
    const [billing] = payload.billing_addresses;
    const { status, body } = await update("companyAdmin", nordtrade.id, {
      ...payload,
      name: "Kapad AB",
      organisation_number: "1111111111",
      tax_id_vat_number: "SE111111111101",
      store_groups: ["vip"],
      contact_name: "  Anders Nordin Jr  ",
      email: "Kontakt@Nordtrade.test",
      phone: "08-123 456 01",
      billing_addresses: [{ ...billing, city: "Solna", postal_code: "16970" }],
      shipping_addresses: [
        {
          name: "Nytt lager",
          company_name: "Nordtrade AB",
          street_address: "Hamnvägen 1",
          city: "Helsingborg",
          state_province: "Skåne län",
          postal_code: "25225",
          country: "se",
          phone: "042-12 34 56",
        },
      ],
    });
    expect(status).toBe(200);
    const company = body.company;
    expect(company).toMatchObject({
      name: nordtrade.name,
      organisation_number: nordtrade.organisationNumber,
      tax_id_vat_number: nordtrade.taxIdVatNumber,
      store_groups: ["business"],
      contact_name: "Anders Nordin Jr",
      email: "kontakt@nordtrade.test",
      // A§5 phone input: the country's calling code, the leading zero dropped.
      phone: "+46812345601",
      invoice_email: before.invoice_email,
    });
    expect(company.billing_address).toHaveLength(1);
    expect(company.billing_address[0]).toMatchObject({
      id: billing?.id,
      city: "Solna",
      postal_code: "16970",
      created_at: before.billing_address[0]?.created_at,
    });
    expect(company.billing_address[0]?.updated_at).not.toBe(before.billing_address[0]?.updated_at);
    expect(company.shipping_address).toHaveLength(1);
    expect(company.shipping_address[0]).toMatchObject({
      company_id: nordtrade.id,
      city: "Helsingborg",
      state_province: "Skåne län",
      country: "SE",
      phone: "+4642123456",
      is_default: false,
      shipping_type: "standard",
    });
    expect(company.shipping_address[0]?.id).not.toBe(before.shipping_address[0]?.id);
    // The left-out shipping address is gone; the stored row of the company says the same.
    const stored = await platform.db
      .select()
      .from(addresses)
      .where(eq(addresses.companyId, nordtrade.id));
    expect(stored.map((row) => row.id).sort()).toEqual(
      [billing?.id, company.shipping_address[0]?.id].sort(),
    );
    const [row] = await platform.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, nordtrade.id));
    expect(row?.updatedAt).toEqual(platform.clock.now());
    expect(await readCompany(platform, tokens.companyBuyer, nordtrade.id)).toEqual(company);
  });

  it("keeps the addresses in the order sent, and an unchanged one's updated_at", async () => {
    const before = await readCompany(platform, tokens.superAdmin, skargard.id);
    const payload = formPayloadOf(before);
    const stored = payload.shipping_addresses[0];
    const added = { ...stored, id: undefined, name: "Andra bryggan", is_default: false };
    const first = await update("superAdmin", skargard.id, {
      ...payload,
      shipping_addresses: [added, stored],
    });
    expect(first.status).toBe(200);
    expect(first.body.company.shipping_address.map((address) => address.name)).toEqual([
      "Andra bryggan",
      stored?.name,
    ]);
    expect(first.body.company.shipping_address[1]?.updated_at).toBe(
      before.shipping_address[0]?.updated_at,
    );
    // And back the other way: both kept, order swapped.
    const swapped = formPayloadOf(first.body.company);
    const second = await update("superAdmin", skargard.id, {
      ...swapped,
      shipping_addresses: [...swapped.shipping_addresses].reverse(),
    });
    expect(second.body.company.shipping_address.map((address) => address.name)).toEqual([
      stored?.name,
      "Andra bryggan",
    ]);
    // Left out: the added one goes again.
    const third = await update("superAdmin", skargard.id, payload);
    expect(third.body.company.shipping_address).toEqual(before.shipping_address);
  });

  it("keeps the optional fields a body leaves out, and clears an invoice email sent empty", async () => {
    const before = await readCompany(platform, tokens.superAdmin, skargard.id);
    const { invoice_email, external_ref, custom_fields, ...rest } = formPayloadOf(before);
    const kept = await update("superAdmin", skargard.id, rest);
    expect(kept.status).toBe(200);
    expect(kept.body.company).toMatchObject({ invoice_email, external_ref, custom_fields });
    const cleared = await update("superAdmin", skargard.id, {
      ...rest,
      invoice_email: "",
      custom_fields: { segment: "marine" },
    });
    expect(cleared.body.company).toMatchObject({
      invoice_email: "",
      external_ref,
      custom_fields: { segment: "marine" },
    });
    await update("superAdmin", skargard.id, formPayloadOf(before));
  });

  /** One broken rule of A§5 per row: the English text of the rule on the field's path. */
  const rules: [string, (form: CompanyUpdatePayload) => CompanyUpdatePayload, string][] = [
    [
      "no billing address",
      (form) => ({ ...form, billing_addresses: [] }),
      "billing_addresses: At least one billing address is required",
    ],
    [
      "no shipping address",
      (form) => ({ ...form, shipping_addresses: [] }),
      "shipping_addresses: At least one shipping address is required",
    ],
    [
      "a contact name of one letter",
      (form) => ({ ...form, contact_name: " A " }),
      "contact_name: Contact name must be at least 2 characters",
    ],
    [
      "an invalid email",
      (form) => ({ ...form, email: "info(at)skargard" }),
      "email: Please enter a valid email address",
    ],
    [
      "an invalid invoice email",
      (form) => ({ ...form, invoice_email: "faktura@" }),
      "invoice_email: Please enter a valid invoice email address",
    ],
    [
      "a company name of one letter",
      (form) => ({ ...form, name: "S" }),
      "name: Company name must be at least 2 characters",
    ],
    ["no phone", (form) => ({ ...form, phone: "" }), "phone: Phone number is required"],
    ...(
      [
        ["city", "City is required"],
        ["country", "Country is required"],
        ["phone", "Phone is required"],
        ["postal_code", "Postal code is required"],
        ["street_address", "Street address is required"],
      ] as const
    ).flatMap(([field, text]) =>
      (["billing_addresses", "shipping_addresses"] as const).map(
        (list): [string, (form: CompanyUpdatePayload) => CompanyUpdatePayload, string] => [
          `${list} without ${field}`,
          (form) => ({ ...form, [list]: [{ ...form[list][0], [field]: "  " }] }),
          `${list}.0.${field}: ${text}`,
        ],
      ),
    ),
    [
      "a shipping address without a region",
      (form) => ({
        ...form,
        shipping_addresses: [{ ...form.shipping_addresses[0], state_province: "" }],
      }),
      "shipping_addresses.0.state_province: State/province is required",
    ] as [string, (form: CompanyUpdatePayload) => CompanyUpdatePayload, string],
  ];

  it.each(rules)("refuses %s with the spec's text", async (_, broken, expected) => {
    const { status, body } = await update("superAdmin", skargard.id, broken(base));
    expect(status).toBe(400);
    expect(body.error).toBe("BAD_REQUEST");
    expect(body.message).toBe("The request body is invalid");
    expect(body.errors).toEqual([expected]);
  });

  it("lists every broken rule at once, and saves nothing", async () => {
    const { status, body } = await update("superAdmin", skargard.id, {
      ...base,
      contact_name: "",
      email: "",
      billing_addresses: [{ ...billing, city: "" }],
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      "billing_addresses.0.city: City is required",
      "contact_name: Contact name must be at least 2 characters",
      "email: Please enter a valid email address",
    ]);
    expect(await readCompany(platform, tokens.superAdmin, skargard.id)).toMatchObject({
      contact_name: base.contact_name,
      email: base.email,
    });
  });

  it("takes a billing address without a region (A§5: required for shipping only)", async () => {
    const { status, body } = await update("superAdmin", skargard.id, {
      ...base,
      billing_addresses: [{ ...billing, state_province: "" }],
    });
    expect(status).toBe(200);
    expect(body.company.billing_address[0]?.state_province).toBe("");
    await update("superAdmin", skargard.id, base);
  });

  it("refuses an address id that is not one of this company's of that kind", async () => {
    const fjallhandelAddress = (await readCompany(platform, tokens.superAdmin, fjallhandel.id))
      .billing_address[0];
    const notFound = "Address not found among this company's addresses of this kind";
    const cases: [CompanyUpdatePayload, string][] = [
      [
        { ...base, billing_addresses: [{ ...billing, id: fjallhandelAddress?.id }] },
        `billing_addresses.0.id: ${notFound}`,
      ],
      [
        { ...base, billing_addresses: [billing, { ...billing, id: shipping.id }] },
        `billing_addresses.1.id: ${notFound}`,
      ],
      [
        { ...base, shipping_addresses: [{ ...shipping, id: "adr-none" }] },
        `shipping_addresses.0.id: ${notFound}`,
      ],
      [
        { ...base, shipping_addresses: [shipping, shipping] },
        "shipping_addresses.1.id: Address is listed more than once",
      ],
    ];
    for (const [payload, expected] of cases) {
      const { status, body } = await update("superAdmin", skargard.id, payload);
      expect(status).toBe(400);
      expect(body.errors).toEqual([expected]);
    }
    // Nothing moved: Fjällhandel's address is still Fjällhandel's.
    const [row] = await platform.db
      .select()
      .from(addresses)
      .where(eq(addresses.id, fjallhandelAddress?.id ?? ""));
    expect(row?.companyId).toBe(fjallhandel.id);
    expect(await readCompany(platform, tokens.superAdmin, skargard.id)).toMatchObject({
      billing_address: [{ id: billing.id }],
    });
  });

  it("answers 400 to a body that is not JSON, or not an object", async () => {
    for (const body of ["{", "[]", '"text"']) {
      const { status } = await update("superAdmin", skargard.id, body);
      expect(status).toBe(400);
    }
  });

  it("refuses an agent and a member with 403 before reading the body", async () => {
    for (const caller of ["agent", "companyBuyer"] as const) {
      const { status, body } = await update(caller, nordtrade.id, {});
      expect(status).toBe(403);
      expect(body.message).toBe(COMPANY_DETAILS.unauthorized);
      expect(body.details).toBe("Only the company's administrators may change it");
    }
  });
});

describe("GET /enad/companies/{id}/users/", () => {
  it("pages Nordtrade's users by last name, 10 a page", async () => {
    const first = await listUsers("companyAdmin", nordtrade.id);
    expect(first.status).toBe(200);
    expect(keysOf(first.body)).toEqual(["items", "page", "total_items", "total_pages"]);
    expect(first.body).toMatchObject({
      page: 1,
      total_items: SEED_COMPANIES.nordtrade.users,
      total_pages: 3,
    });
    const seen: CompanyUserList["items"] = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await listUsers("companyAdmin", nordtrade.id, `?page=${page}`);
      expect(body.items.length).toBe(page < 3 ? 10 : SEED_COMPANIES.nordtrade.users - 20);
      seen.push(...body.items);
    }
    expect(new Set(seen.map((user) => user.id)).size).toBe(SEED_COMPANIES.nordtrade.users);
    const byName = [...seen].sort(
      (a, b) =>
        (a.last_name < b.last_name ? -1 : a.last_name > b.last_name ? 1 : 0) ||
        (a.first_name < b.first_name ? -1 : a.first_name > b.first_name ? 1 : 0) ||
        (a.id < b.id ? -1 : 1),
    );
    // ASCII surnames first: "Ölund" and friends sort after "Z" in every collation here.
    const ascii = (list: typeof seen) => list.filter((user) => /^[A-Za-z]/.test(user.last_name));
    expect(ascii(seen).map((user) => user.id)).toEqual(ascii(byName).map((user) => user.id));
    const past = await listUsers("companyAdmin", nordtrade.id, "?page=4");
    expect(past.body).toEqual({
      items: [],
      page: 4,
      total_items: SEED_COMPANIES.nordtrade.users,
      total_pages: 3,
    });
  });

  it("lists only the contact persons with contacts=true, filtered before the page (A§4)", async () => {
    // The customer card's picker: role customer, plus the caller (an agent may pick themselves).
    const expected = SEED_COMPANIES.nordtrade.customers + 1;
    const first = await listUsers("agent", nordtrade.id, "?contacts=true");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      page: 1,
      total_items: expected,
      total_pages: Math.ceil(expected / 10),
    });
    const seen: CompanyUserList["items"] = [];
    for (let page = 1; page <= first.body.total_pages; page++) {
      const { body } = await listUsers("agent", nordtrade.id, `?contacts=true&page=${page}`);
      // Every page but the last is full: nobody is filtered out after the page is cut.
      if (page < body.total_pages) expect(body.items).toHaveLength(10);
      seen.push(...body.items);
    }
    expect(seen).toHaveLength(expected);
    expect(seen.filter((user) => user.role === "agent").map((user) => user.id)).toEqual([
      SEED_USERS.agent.id,
    ]);
    for (const agent of SEED_COMPANIES.nordtrade.generatedAgentIds) {
      expect(seen.some((user) => user.id === agent)).toBe(false);
    }
    // Without it, the same list shows every member, the other agents too.
    const all = await listUsers("agent", nordtrade.id, "?contacts=false&per_page=50");
    expect(all.body.total_items).toBe(SEED_COMPANIES.nordtrade.users);
    expect(all.body.items.filter((user) => user.role === "agent")).toHaveLength(
      SEED_COMPANIES.nordtrade.generatedAgentIds.length + 1,
    );
    expect((await listUsers("agent", nordtrade.id, "?contacts=maybe")).status).toBe(400);
  });

  it("answers each user as A§3's organisation user, with role and level in the company", async () => {
    const { body } = await listUsers("agent", nordtrade.id, "?per_page=50");
    const byId = new Map(body.items.map((user) => [user.id, user]));
    expect(keysOf(body.items[0])).toEqual([
      "email",
      "email_verified",
      "first_name",
      "id",
      "last_name",
      "level",
      "market",
      "role",
    ]);
    expect(byId.get(SEED_USERS.companyAdmin.id)).toEqual({
      id: SEED_USERS.companyAdmin.id,
      first_name: "Anders",
      last_name: "Nordin",
      email: SEED_USERS.companyAdmin.email,
      market: "SE",
      email_verified: true,
      role: "customer",
      level: "admin",
    });
    expect(byId.get(SEED_USERS.agent.id)).toMatchObject({ role: "agent", level: "default" });
    expect(byId.get(SEED_USERS.companyBuyer.id)).toMatchObject({
      role: "customer",
      level: "default",
    });
    const unverified = present(SEED_COMPANIES.nordtrade.unverifiedUserIds[0]);
    expect(byId.get(unverified)?.email_verified).toBe(false);
  });

  it.each([
    ["ingrid", [SEED_USERS.companyBuyer.id]],
    ["NORDIN", [SEED_USERS.companyAdmin.id]],
    ["admin@nordtrade", [SEED_USERS.companyAdmin.id]],
    ["sjöberg", "Sjöberg"],
    ["%", []],
  ] as const)("searches %s in first name, last name and email", async (search, expected) => {
    const { status, body } = await listUsers(
      "companyAdmin",
      nordtrade.id,
      `?per_page=50&search=${encodeURIComponent(search)}`,
    );
    expect(status).toBe(200);
    if (typeof expected === "string") {
      const wanted = generatedCompanyUsers().filter(
        (user) => user.lastName === expected && user.organisationId === nordtrade.id,
      );
      expect(wanted.length).toBeGreaterThan(0);
      expect(body.items.map((user) => user.id).sort()).toEqual(
        wanted.map((user) => user.id).sort(),
      );
    } else {
      expect(body.items.map((user) => user.id)).toEqual(expected);
    }
    expect(body.total_items).toBe(body.items.length);
  });

  it("answers A§3's refusal to a member, an outsider and for an unknown id", async () => {
    for (const [caller, id] of [
      ["companyBuyer", nordtrade.id],
      ["finnishCompanyBuyer", nordtrade.id],
      ["companyAdmin", "org-none"],
      ["superAdmin", "org-none"],
    ] as const) {
      const { status, body } = await listUsers(caller, id);
      expect(status).toBe(403);
      expect(body.message).toBe("Unauthorized");
      expect(body.details).toBe("Only the company's administrators and agents may list its users");
      expect(keysOf(body)).toEqual(["details", "message", "requestId", "statusCode"]);
    }
  });

  it("answers 400 to a bad page", async () => {
    expect((await listUsers("companyAdmin", nordtrade.id, "?per_page=100")).status).toBe(400);
  });
});

describe("DELETE /enad/companies/{id}/users/{userId}/", () => {
  const [target, second] = generatedCompanyUsers().filter(
    (user) => user.emailVerified && user.organisationId === nordtrade.id,
  );

  it("takes the user out of the company, and only that", async () => {
    if (!target) throw new Error("no generated Nordtrade user");
    const before = await listUsers("companyAdmin", nordtrade.id);
    const { status, body } = await removeUser(tokens.companyAdmin, nordtrade.id, target.id);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: "User removed" });

    const after = await listUsers("companyAdmin", nordtrade.id, "?per_page=50");
    expect(after.body.total_items).toBe(before.body.total_items - 1);
    expect(after.body.items.map((user) => user.id)).not.toContain(target.id);

    // The account stays: the user logs in, and sees the company no more.
    const login = await logIn(platform, target.email);
    expect(login.status).toBe(200);
    expect(login.body.user.organisations).toEqual([]);
    const token = login.body.access_token;
    const list = await platform.request<CompanyList>("GET", "/enad/companies/", { token });
    expect(list.body.total).toBe(0);
    const read = await platform.request("GET", companyPath(nordtrade.id), { token });
    expect(read.status).toBe(404);
  });

  it("cuts off a removed user's token at once, without a new login", async () => {
    if (!second) throw new Error("no second generated Nordtrade user");
    const token = (await logIn(platform, second.email)).body.access_token;
    expect((await platform.request("GET", companyPath(nordtrade.id), { token })).status).toBe(200);
    expect((await removeUser(tokens.superAdmin, nordtrade.id, second.id)).status).toBe(200);
    expect((await platform.request("GET", companyPath(nordtrade.id), { token })).status).toBe(404);
  });

  it("answers 404 for a user who is not (or no longer) a member", async () => {
    for (const userId of [target?.id ?? "", SEED_USERS.finnishCompanyBuyer.id, "usr-none"]) {
      const { status, body } = await removeUser(tokens.companyAdmin, nordtrade.id, userId);
      expect(status).toBe(404);
      expect(body.error).toBe(COMPANY_DETAILS.userNotInCompany);
      expect(body.message).toBe(COMPANY_DETAILS.userNotInCompany);
    }
  });

  it("never removes the caller themselves (A§6), super admins included", async () => {
    for (const [caller, id] of [
      ["companyAdmin", SEED_USERS.companyAdmin.id],
      ["superAdmin", SEED_USERS.superAdmin.id],
    ] as const) {
      const { status, body } = await removeUser(tokens[caller], nordtrade.id, id);
      expect(status).toBe(400);
      expect(body.error).toBe(COMPANY_DETAILS.cannotRemoveSelf);
      expect(body.message).toBe(COMPANY_DETAILS.cannotRemoveSelf);
    }
    const { body } = await listUsers("companyAdmin", nordtrade.id, "?search=nordin");
    expect(body.items.map((user) => user.id)).toEqual([SEED_USERS.companyAdmin.id]);
  });

  it("refuses an agent and a member with 403, and an outsider with 404", async () => {
    const victim = SEED_COMPANIES.nordtrade.generatedUserIds.at(-1) ?? "";
    for (const caller of ["agent", "companyBuyer"] as const) {
      const { status, body } = await removeUser(tokens[caller], nordtrade.id, victim);
      expect(status).toBe(403);
      expect(body.message).toBe(COMPANY_DETAILS.unauthorized);
    }
    const outsider = await removeUser(tokens.finnishCompanyBuyer, nordtrade.id, victim);
    expect(outsider.status).toBe(404);
    expect(outsider.body.details).toBe(COMPANY_DETAILS.companyNotFound);
    const { body } = await listUsers("companyAdmin", nordtrade.id, "?per_page=50");
    expect(body.items.map((user) => user.id)).toContain(victim);
  });
});

describe("without a valid access token", () => {
  it.each([
    ["GET", "/enad/companies/"],
    ["GET", companyPath(nordtrade.id)],
    ["PUT", companyPath(nordtrade.id)],
    ["GET", companyPath(nordtrade.id, "users/")],
    ["DELETE", companyPath(nordtrade.id, `users/${SEED_USERS.companyBuyer.id}/`)],
  ])("%s %s answers 401", async (method, path) => {
    const none = await platform.request<AccountFailure>(method, path);
    expect(none.status).toBe(401);
    expect(none.body.details).toBe("Unauthorized");
    const garbage = await platform.request(method, path, { token: "not-a-token" });
    expect(garbage.status).toBe(401);
  });
});
