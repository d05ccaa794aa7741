import {
  SEED_COMPANIES,
  SEED_ORGANISATIONS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import type { CompanyFormValues } from "~/modules/company/company-form-values";
import { readToast } from "~/modules/http/toast.server";
import { Browser, logInThroughForm, settle } from "~/test-support/browser";
import { captureLogs } from "~/test-support/logs";
import { withPlatform } from "~/test-support/platform";

/**
 * The company information screen (A§2, A§4–A§6, A§8) through its loader and action, on a real
 * seeded platform: what each role sees, the selection rules, saving with and without validation
 * errors, adding and removing addresses as a page without JavaScript posts them, and removing
 * users. Tests that change data each take their own company or user.
 */
withPlatform();

const NORDTRADE = SEED_ORGANISATIONS.nordtrade;
const ADMIN = SEED_USERS.companyAdmin;

async function loggedIn(email: string): Promise<Browser> {
  const browser = new Browser();
  const answer = (await logInThroughForm(browser, email, SEED_PASSWORD)) as Response;
  expect(answer.status).toBe(303);
  return browser;
}

async function screenOf(browser: Browser, search = "") {
  const route = await import("./route");
  const answer = await route.loader({
    request: browser.request(`/my-account/company/${search}`),
    params: {},
    context: {},
  });
  return answer.data.screen;
}

interface Answer {
  data: Record<string, unknown> & {
    kind?: string;
    result?: { status?: string; error?: Record<string, string[] | null>; initialValue?: unknown };
    savedAt?: number | null;
    failure?: string | null;
    message?: string;
  };
  init: ResponseInit | null;
}

async function post(browser: Browser, search: string, fields: Record<string, string>) {
  const route = await import("./route");
  const answer = await settle(() =>
    route.action({
      request: browser.form(`/my-account/company/${search}`, fields),
      params: {},
      context: {},
    }),
  );
  if (answer instanceof Response) {
    browser.keep(answer);
    return answer;
  }
  return answer as unknown as Answer;
}

/** The company form's values as the page posts them (payload keys, conform's list names). */
function formFields(values: CompanyFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!Array.isArray(value)) {
      fields[key] = String(value ?? "");
      continue;
    }
    value.forEach((address, index) => {
      for (const [name, field] of Object.entries(address)) {
        if (field === false || field === undefined) continue;
        fields[`${key}[${index}].${name}`] = field === true ? "on" : String(field);
      }
    });
  }
  return fields;
}

/** The form's state an answer gives back (what a page without JavaScript shows next). */
function stateOf(answer: Answer) {
  const state = answer.data.result?.initialValue;
  if (!state) throw new Error("the answer has no form state");
  return state as Record<string, unknown> & {
    billing_addresses: Record<string, string>[];
    shipping_addresses: Record<string, string>[];
  };
}

async function companyForm(browser: Browser, search = "") {
  const screen = await screenOf(browser, search);
  if (!screen.selected) throw new Error("no company selected");
  return { screen, values: screen.selected.form };
}

describe("what each role sees (A§2, A§6)", () => {
  it("selects an admin's only company and lets them edit it and open the users tab", async () => {
    const browser = await loggedIn(ADMIN.email);
    const screen = await screenOf(browser);
    expect(screen.companies.items.map((company) => company.id)).toEqual([NORDTRADE.id]);
    expect(screen.selected).toMatchObject({
      id: NORDTRADE.id,
      name: NORDTRADE.name,
      canEdit: true,
      canManageUsers: true,
      inactive: false,
      creditValid: true,
    });
    expect(screen.query).toMatchObject({ company: NORDTRADE.id, tab: "basic" });
    const form = screen.selected?.form;
    expect(form?.organisation_number).toBe(NORDTRADE.organisationNumber);
    expect(form?.billing_addresses.length).toBeGreaterThan(0);
    expect(form?.shipping_addresses[0]?.id).toEqual(expect.any(String));
    expect(screen.countries.map((country) => country.code)).toEqual(
      expect.arrayContaining(["SE", "FI"]),
    );
  });

  it("shows a member the company but lets them change nothing, and keeps the users tab closed", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const screen = await screenOf(browser, "?tab=users");
    expect(screen.selected).toMatchObject({
      id: NORDTRADE.id,
      canEdit: false,
      canManageUsers: false,
    });
    expect(screen.query.tab).toBe("basic");
    expect(screen.users).toBeNull();
  });

  it("gives an agent their companies without a selection, with the inactive and credit warnings", async () => {
    const browser = await loggedIn(SEED_USERS.agent.email);
    const screen = await screenOf(browser);
    expect(screen.companies.items.map((company) => company.id).sort()).toEqual(
      [...SEED_COMPANIES.agentCompanyIds].sort(),
    );
    expect(screen.selected).toBeNull();
    expect(screen.isSuperAdmin).toBe(false);

    const inactive = await screenOf(browser, `?company=${SEED_COMPANIES.inactive.id}`);
    expect(inactive.selected).toMatchObject({ inactive: true, creditValid: true, canEdit: false });
    expect(
      inactive.companies.items.find((c) => c.id === SEED_COMPANIES.inactive.id)?.inactive,
    ).toBe(true);
    const notCreditValid = await screenOf(browser, `?company=${SEED_COMPANIES.notCreditValid.id}`);
    expect(notCreditValid.selected).toMatchObject({ inactive: false, creditValid: false });

    // Agents list users for the card, but the users tab is for admins (A§2).
    const users = await screenOf(browser, `?company=${NORDTRADE.id}&tab=users`);
    expect(users.selected?.canManageUsers).toBe(false);
    expect(users.query.tab).toBe("basic");
  });

  it("clears a company the user may not see (A§4)", async () => {
    const agent = await loggedIn(SEED_USERS.agent.email);
    expect((await screenOf(agent, "?company=org-does-not-exist")).selected).toBeNull();
    // Another company the platform knows, but not theirs: 404 for them, so cleared as well.
    const fjallhandelOnly = await loggedIn(SEED_USERS.finnishCompanyBuyer.email);
    expect(
      (await screenOf(fjallhandelOnly, `?company=${SEED_COMPANIES.inactive.id}`)).query.company,
    ).toBe(SEED_ORGANISATIONS.fjallhandel.id);
    // A member's only company is selected again once the other one is cleared.
    const buyer = await loggedIn(SEED_USERS.finnishCompanyBuyer.email);
    const screen = await screenOf(buyer, `?company=${NORDTRADE.id}`);
    expect(screen.selected?.id).toBe(SEED_ORGANISATIONS.fjallhandel.id);
  });

  it("lets a super admin page through every company and search them", async () => {
    const browser = await loggedIn(SEED_USERS.superAdmin.email);
    const first = await screenOf(browser);
    expect(first.isSuperAdmin).toBe(true);
    expect(first.companies.items).toHaveLength(10);
    expect(first.companies.total).toBeGreaterThanOrEqual(SEED_COMPANIES.total);
    expect(first.companies.totalPages).toBe(Math.ceil(first.companies.total / 10));
    expect(first.selected).toBeNull();

    const second = await screenOf(browser, "?page=2");
    expect(second.companies.page).toBe(2);
    expect(second.companies.items[0]?.id).not.toBe(first.companies.items[0]?.id);

    // One match is selected at once (A§4); the search box is the super admin's only.
    const found = await screenOf(browser, "?q=nordtrade");
    expect(found.companies.items.map((company) => company.id)).toEqual([NORDTRADE.id]);
    expect(found.selected).toMatchObject({ id: NORDTRADE.id, canEdit: true, canManageUsers: true });
    const byNumber = await screenOf(browser, `?q=${SEED_COMPANIES.inactive.organisationNumber}`);
    expect(byNumber.selected?.id).toBe(SEED_COMPANIES.inactive.id);

    const none = await screenOf(browser, "?q=zzzz-no-such-company");
    expect(none.companies.items).toEqual([]);
    expect(none.query.q).toBe("zzzz-no-such-company");

    // A selection that the new search no longer lists among several is cleared.
    const cleared = await screenOf(browser, `?q=ab&company=${SEED_ORGANISATIONS.fjallhandel.id}`);
    expect(cleared.companies.items.length).toBeGreaterThan(1);
    expect(cleared.selected).toBeNull();

    // Others cannot search: the parameter is ignored.
    const agent = await loggedIn(SEED_USERS.agent.email);
    expect((await screenOf(agent, "?q=nordtrade")).companies.items.length).toBe(
      SEED_COMPANIES.agentCompanyIds.length,
    );
  });

  it("sends a visitor to the login page", async () => {
    const answer = await settle(() => screenOf(new Browser()));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("the users tab (A§2, A§4, A§8)", () => {
  it("pages and searches an admin's company users, with roles and verification", async () => {
    const browser = await loggedIn(ADMIN.email);
    const screen = await screenOf(browser, "?tab=users");
    expect(screen.query.tab).toBe("users");
    const users = screen.users;
    if (users?.status !== "loaded") throw new Error("users not loaded");
    expect(users.total).toBe(SEED_COMPANIES.nordtrade.users);
    expect(users.rows).toHaveLength(10);
    expect(users.totalPages).toBe(Math.ceil(SEED_COMPANIES.nordtrade.users / 10));

    const found = await screenOf(browser, `?tab=users&users_q=${SEED_USERS.companyBuyer.email}`);
    if (found.users?.status !== "loaded") throw new Error("users not loaded");
    expect(found.users.rows).toEqual([
      expect.objectContaining({
        id: SEED_USERS.companyBuyer.id,
        role: "member",
        verified: true,
        removable: true,
        isSelf: false,
      }),
    ]);
    const self = await screenOf(browser, `?tab=users&users_q=${ADMIN.email}`);
    if (self.users?.status !== "loaded") throw new Error("users not loaded");
    expect(self.users.rows[0]).toMatchObject({ role: "admin", isSelf: true, removable: false });

    const unverified = SEED_COMPANIES.nordtrade.unverifiedUserIds[0];
    const all = await Promise.all(
      [1, 2, 3].map((page) => screenOf(browser, `?tab=users&users_page=${page}`)),
    );
    const rows = all.flatMap((page) => (page.users?.status === "loaded" ? page.users.rows : []));
    expect(rows.find((row) => row.id === unverified)?.verified).toBe(false);
    expect(rows.find((row) => row.id === SEED_USERS.agent.id)?.role).toBe("agent");

    const nobody = await screenOf(browser, "?tab=users&users_q=zzzz-nobody");
    expect(nobody.users).toMatchObject({ status: "loaded", rows: [], total: 0 });
  });

  it("confirms a removal without JavaScript, removes the user and lists the company without them", async () => {
    const browser = await loggedIn(ADMIN.email);
    const target = SEED_COMPANIES.nordtrade.generatedUserIds[0] ?? "";
    // The link of the user's row, on the page that lists them.
    let search = "";
    for (const page of [1, 2, 3]) {
      const candidate = `?tab=users&users_page=${page}&remove=${target}`;
      if ((await screenOf(browser, candidate)).confirmRemoval) search = candidate;
    }
    const confirm = await screenOf(browser, search);
    expect(confirm.confirmRemoval).toMatchObject({ id: target, removable: true });

    const answer = await post(browser, search, {
      intent: "remove-user",
      company: NORDTRADE.id,
      user_id: target,
    });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).not.toContain("remove=");
    expect((await readToast(browser.request("/"))).toast?.title).toBe(
      "Användaren har tagits bort från företaget.",
    );
    const after = await screenOf(browser, "?tab=users");
    if (after.users?.status !== "loaded") throw new Error("users not loaded");
    expect(after.users.total).toBe(SEED_COMPANIES.nordtrade.users - 1);
  });

  it("refuses to remove oneself, says why a removal failed once, logs it and clears it (A§4, A§6, A§8)", async () => {
    const browser = await loggedIn(ADMIN.email);
    const log = captureLogs();
    /** The removal's answer: back to the list without a confirmation, the failure as a toast. */
    async function failedRemoval(as: typeof browser, userId: string) {
      const answer = await post(as, `?tab=users&remove=${userId}`, {
        intent: "remove-user",
        company: NORDTRADE.id,
        user_id: userId,
      });
      expect(answer).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).not.toContain("remove=");
      const { toast } = await readToast(as.request("/"));
      expect(toast?.variant).toBe("error");
      return toast?.title;
    }
    try {
      expect(await failedRemoval(browser, ADMIN.id)).toBe(
        "Kunde inte ta bort användaren: Du kan inte ta bort dig själv.",
      );
      expect(await failedRemoval(browser, SEED_USERS.finnishCompanyBuyer.id)).toBe(
        "Kunde inte ta bort användaren: Användaren är inte kopplad till företaget.",
      );
      // A member may not remove anyone: refused here, as the platform would.
      const buyer = await loggedIn(SEED_USERS.companyBuyer.email);
      expect(await failedRemoval(buyer, SEED_COMPANIES.nordtrade.generatedUserIds[1] ?? "")).toBe(
        "Kunde inte ta bort användaren: Du har inte behörighet.",
      );
      // Logged, with the company and the user it was about.
      const warnings = log.lines.filter(
        (line) => line.level === 40 && String(line.msg).includes("company user removal failed"),
      );
      expect(warnings).toHaveLength(3);
      expect(warnings.map((line) => line.msg).join("\n")).toContain(
        SEED_USERS.finnishCompanyBuyer.id,
      );
    } finally {
      log.restore();
    }
  });
});

describe("the company form (A§4, A§5)", () => {
  it("saves an admin's changes, normalising the phone, and shows them afterwards", async () => {
    const browser = await loggedIn(ADMIN.email);
    const { values } = await companyForm(browser);
    const answer = (await post(browser, "", {
      ...formFields(values),
      intent: "save",
      company: NORDTRADE.id,
      contact_name: "Greta Garbo",
      phone: "070-111 22 33",
      // Read-only: whatever is sent, the platform keeps its own.
      name: "Another name AB",
    })) as Answer;
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.savedAt).toEqual(expect.any(Number));
    expect(answer.data.failure).toBeNull();

    const { values: after } = await companyForm(browser);
    expect(after).toMatchObject({
      contact_name: "Greta Garbo",
      phone: "+46701112233",
      name: NORDTRADE.name,
    });
  });

  it("answers each rule's translated key under its field, and saves nothing", async () => {
    const browser = await loggedIn(ADMIN.email);
    const { values } = await companyForm(browser);
    const answer = (await post(browser, "", {
      ...formFields(values),
      intent: "save",
      company: NORDTRADE.id,
      contact_name: "A",
      email: "not-an-email",
      invoice_email: "also bad",
      phone: "",
      "billing_addresses[0].street_address": "",
      "billing_addresses[0].city": " ",
      "billing_addresses[0].postal_code": "",
      "billing_addresses[0].phone": "12",
      "shipping_addresses[0].state_province": "",
    })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result?.error).toEqual({
      contact_name: ["validation.company.contactNameMin"],
      email: ["validation.company.emailInvalid"],
      invoice_email: ["validation.company.invoiceEmailInvalid"],
      phone: ["validation.company.phoneRequired"],
      "billing_addresses[0].street_address": ["validation.company.streetAddressRequired"],
      "billing_addresses[0].city": ["validation.company.cityRequired"],
      "billing_addresses[0].postal_code": ["validation.company.postalCodeRequired"],
      "billing_addresses[0].phone": ["validation.company.phoneInvalid"],
      "shipping_addresses[0].state_province": ["validation.company.stateProvinceRequired"],
    });
    expect((await companyForm(browser)).values.contact_name).toBe(values.contact_name);
  });

  it("adds an address without JavaScript, keeping what was typed, and saves it", async () => {
    const browser = await loggedIn(SEED_USERS.superAdmin.email);
    const search = `?q=${encodeURIComponent(SEED_ORGANISATIONS.fjallhandel.name)}`;
    const { screen, values } = await companyForm(browser, search);
    const companyId = screen.selected?.id ?? "";
    const billingCount = values.billing_addresses.length;
    const typed = { ...formFields(values), company: companyId, contact_name: "Typed, not saved" };

    const added = (await post(browser, search, {
      ...typed,
      intent: "add-billing-address",
    })) as Answer;
    expect(added.init?.status ?? 200).toBe(200);
    const state = stateOf(added);
    expect(state.contact_name).toBe("Typed, not saved");
    expect(state.billing_addresses).toHaveLength(billingCount + 1);
    expect(state.billing_addresses.at(-1)).toEqual({
      name: `Faktureringsadress ${billingCount + 1}`,
      country: "SE",
      shipping_type: "standard",
    });
    // The errors of the empty address wait until it is saved.
    expect(added.data.result?.status).toBeUndefined();
    expect((await companyForm(browser, search)).values.contact_name).toBe(values.contact_name);

    // Filled in and saved, it is the company's; the next form has it with its id.
    const index = billingCount;
    const saved = (await post(browser, search, {
      ...typed,
      intent: "save",
      contact_name: values.contact_name,
      [`billing_addresses[${index}].name`]: "Lager Tammerfors",
      [`billing_addresses[${index}].street_address`]: "Hämeenkatu 1",
      [`billing_addresses[${index}].postal_code`]: "33100",
      [`billing_addresses[${index}].city`]: "Tampere",
      [`billing_addresses[${index}].country`]: "FI",
      [`billing_addresses[${index}].phone`]: "040 765 4321",
    })) as Answer;
    expect(saved.data.failure).toBeNull();
    const after = (await companyForm(browser, search)).values.billing_addresses;
    expect(after).toHaveLength(billingCount + 1);
    expect(after.find((address) => address.name === "Lager Tammerfors")).toMatchObject({
      id: expect.any(String),
      country: "FI",
      // A§5: a number without + gets the address country's calling code.
      phone: "+358407654321",
      is_default: false,
    });
  });

  it("removes an address without JavaScript only while more than one is left", async () => {
    const browser = await loggedIn(SEED_USERS.superAdmin.email);
    const search = `?q=${encodeURIComponent(SEED_COMPANIES.notCreditValid.name)}`;
    const { screen, values } = await companyForm(browser, search);
    const fields = { ...formFields(values), company: screen.selected?.id ?? "" };
    expect(values.shipping_addresses).toHaveLength(1);

    const refused = (await post(browser, search, {
      ...fields,
      intent: "remove-shipping-address:0",
    })) as Answer;
    expect(refused.init?.status).toBe(403);
    expect(stateOf(refused).shipping_addresses).toHaveLength(1);

    const two = {
      ...fields,
      "shipping_addresses[1].name": "Second",
      "shipping_addresses[1].street_address": "Kauppakatu 2",
    };
    const removed = (await post(browser, search, {
      ...two,
      intent: "remove-shipping-address:0",
    })) as Answer;
    expect(removed.init?.status ?? 200).toBe(200);
    expect(stateOf(removed).shipping_addresses.map((address) => address.name)).toEqual(["Second"]);
  });

  it("lets a member change nothing (A§6)", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const { values } = await companyForm(browser);
    const fields = { ...formFields(values), company: NORDTRADE.id };
    const saved = (await post(browser, "", {
      ...fields,
      intent: "save",
      contact_name: "Not allowed",
    })) as Answer;
    expect(saved.init?.status).toBe(403);
    expect(saved.data.failure).toBe("forbidden");
    const added = (await post(browser, "", { ...fields, intent: "add-billing-address" })) as Answer;
    expect(added.init?.status).toBe(403);
    expect((await companyForm(browser)).values.contact_name).toBe(values.contact_name);
  });

  it("answers a post without a known intent or company with 400", async () => {
    const browser = await loggedIn(ADMIN.email);
    const posts: Record<string, string>[] = [
      { intent: "drop-tables", company: NORDTRADE.id },
      { intent: "save" },
    ];
    for (const fields of posts) {
      const thrown = await post(browser, "", fields).then(
        () => undefined,
        (error: unknown) => error as Answer,
      );
      expect(thrown?.init?.status).toBe(400);
    }
  });
});
