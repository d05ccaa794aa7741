import {
  type AccountFailure,
  COMPANY_DETAILS,
  type CompanyList,
  type CompanyUpdatePayload,
} from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisationMembers } from "../src/db/schema.js";
import { SEED_COMPANIES, SEED_ORGANISATIONS } from "../src/seed/fixtures.js";
import { companyPath, formPayloadOf, readCompany } from "./support/companies.js";
import { accessTokenOf } from "./support/order-flow.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/**
 * The company calls' authorisation matrix (A§6, ADR 0013): five callers × every call, on
 * Nordtrade AB, on another company (Fjällhandel Oy) and on an unknown id. Each cell is the status
 * the platform must answer; the storefront hiding a button is never the check.
 *
 * Removals that succeed take a generated Nordtrade or Fjällhandel user of their own, so no cell
 * depends on another; refused removals all aim at one user, who must still be a member at the end.
 */

let platform: TestPlatform;

type Caller = "member" | "admin" | "agent" | "superAdmin" | "outsider";
type Call = "list" | "get" | "update" | "users" | "remove";
type Target = "nordtrade" | "fjallhandel" | "unknown";

/** The demo accounts behind the callers. */
const ACCOUNTS = {
  member: "companyBuyer", // inkopare@nordtrade.test
  admin: "companyAdmin", // admin@nordtrade.test
  agent: "agent", // agent@kassa.test: agent of Nordtrade and Fjällhandel
  superAdmin: "superAdmin", // superadmin@kassa.test
  outsider: "finnishCompanyBuyer", // ostaja@fjallhandel.test: a member of Fjällhandel only
} as const;

const tokens = {} as Record<Caller, string>;
const payloads = {} as Record<Target, CompanyUpdatePayload>;

const COMPANY_IDS: Record<Target, string> = {
  nordtrade: SEED_ORGANISATIONS.nordtrade.id,
  fjallhandel: SEED_ORGANISATIONS.fjallhandel.id,
  unknown: "org-does-not-exist",
};

const nordtradeUsers = SEED_COMPANIES.nordtrade.generatedUserIds;
const fjallhandelUsers = SEED_COMPANIES.fjallhandel.generatedUserIds;

/** Whom each successful removal takes; refused ones all aim at `untouched`. */
const REMOVED: Partial<Record<`${Target}/${Caller}`, string>> = {
  "nordtrade/admin": nordtradeUsers[0],
  "nordtrade/superAdmin": nordtradeUsers[1],
  "fjallhandel/superAdmin": fjallhandelUsers[0],
};
const untouched: Record<Target, string> = {
  nordtrade: nordtradeUsers[2] as string,
  fjallhandel: fjallhandelUsers[1] as string,
  unknown: nordtradeUsers[2] as string,
};

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const [caller, account] of Object.entries(ACCOUNTS) as [
    Caller,
    (typeof ACCOUNTS)[Caller],
  ][]) {
    tokens[caller] = await accessTokenOf(platform, account);
  }
  // What the form would send: the company as it is, so an allowed update changes nothing.
  payloads.nordtrade = formPayloadOf(
    await readCompany(platform, tokens.superAdmin, COMPANY_IDS.nordtrade),
  );
  payloads.fjallhandel = formPayloadOf(
    await readCompany(platform, tokens.superAdmin, COMPANY_IDS.fjallhandel),
  );
  payloads.unknown = payloads.nordtrade;
});

afterAll(async () => {
  await platform?.close();
});

function call(caller: Caller | null, what: Exclude<Call, "list">, target: Target, token?: string) {
  const id = COMPANY_IDS[target];
  const auth = { token: token ?? (caller ? tokens[caller] : undefined) };
  switch (what) {
    case "get":
      return platform.request<AccountFailure>("GET", companyPath(id), auth);
    case "update":
      return platform.request<AccountFailure>("PUT", companyPath(id), {
        ...auth,
        body: payloads[target],
      });
    case "users":
      return platform.request<AccountFailure>("GET", companyPath(id, "users/"), auth);
    case "remove": {
      const userId = (caller && REMOVED[`${target}/${caller}`]) || untouched[target];
      return platform.request<AccountFailure>("DELETE", companyPath(id, `users/${userId}/`), auth);
    }
  }
}

describe("GET /enad/companies/: which companies each caller's list holds", () => {
  const matrix: [Caller, status: number, nordtrade: boolean, fjallhandel: boolean][] = [
    ["member", 200, true, false],
    ["admin", 200, true, false],
    ["agent", 200, true, true],
    ["superAdmin", 200, true, true],
    ["outsider", 200, false, true],
  ];

  it.each(matrix)("%s → %i (Nordtrade %s, Fjällhandel %s)", async (caller, status, n, f) => {
    const { status: answered, body } = await platform.request<CompanyList>(
      "GET",
      "/enad/companies/?per_page=50",
      { token: tokens[caller] },
    );
    expect(answered).toBe(status);
    const ids = body.companies.map((company) => company.id);
    expect(ids.includes(COMPANY_IDS.nordtrade)).toBe(n);
    expect(ids.includes(COMPANY_IDS.fjallhandel)).toBe(f);
  });
});

describe("the company calls: caller × call × company", () => {
  //                   get   update users remove
  const NORDTRADE: Record<Caller, [number, number, number, number]> = {
    member: [200, 403, 403, 403],
    admin: [200, 200, 200, 200],
    agent: [200, 403, 200, 403],
    superAdmin: [200, 200, 200, 200],
    outsider: [404, 404, 403, 404],
  };
  const FJALLHANDEL: Record<Caller, [number, number, number, number]> = {
    member: [404, 404, 403, 404],
    admin: [404, 404, 403, 404],
    agent: [200, 403, 200, 403],
    superAdmin: [200, 200, 200, 200],
    outsider: [200, 403, 403, 403],
  };
  const UNKNOWN: Record<Caller, [number, number, number, number]> = {
    member: [404, 404, 403, 404],
    admin: [404, 404, 403, 404],
    agent: [404, 404, 403, 404],
    superAdmin: [404, 404, 403, 404],
    outsider: [404, 404, 403, 404],
  };
  const CALLS = ["get", "update", "users", "remove"] as const;
  const cells = (
    [
      ["nordtrade", NORDTRADE],
      ["fjallhandel", FJALLHANDEL],
      ["unknown", UNKNOWN],
    ] as const
  ).flatMap(([target, table]) =>
    (Object.entries(table) as [Caller, number[]][]).flatMap(([caller, statuses]) =>
      CALLS.map((what, index) => [target, caller, what, statuses[index] as number] as const),
    ),
  );

  it.each(cells)("%s: %s %s → %i", async (target, caller, what, status) => {
    const { status: answered, body } = await call(caller, what, target);
    expect(answered).toBe(status);
    if (status === 404) {
      // Never "forbidden" for a company the caller may not see: it might as well not exist.
      expect(body.details).toBe(COMPANY_DETAILS.companyNotFound);
    }
    if (status === 403) {
      expect(body.message).toBe(COMPANY_DETAILS.unauthorized);
      expect(body.details).toEqual(expect.any(String));
    }
  });

  it("removed only the users of the allowed removals", async () => {
    for (const [key, userId] of Object.entries(REMOVED)) {
      const target = key.split("/")[0] as Target;
      const rows = await platform.db
        .select()
        .from(organisationMembers)
        .where(
          and(
            eq(organisationMembers.organisationId, COMPANY_IDS[target]),
            eq(organisationMembers.userId, userId as string),
          ),
        );
      expect(rows, key).toEqual([]);
    }
    for (const target of ["nordtrade", "fjallhandel"] as const) {
      const rows = await platform.db
        .select()
        .from(organisationMembers)
        .where(
          and(
            eq(organisationMembers.organisationId, COMPANY_IDS[target]),
            eq(organisationMembers.userId, untouched[target]),
          ),
        );
      expect(rows, target).toHaveLength(1);
    }
  });
});

describe("without a valid access token", () => {
  const calls = ["list", "get", "update", "users", "remove"] as const;
  const cells = (["none", "garbage", "expired-looking"] as const).flatMap((token) =>
    calls.map((what) => [token, what] as const),
  );
  const TOKENS = {
    none: undefined,
    garbage: "garbage",
    "expired-looking": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3ItYWdlbnQifQ.c2lnbmF0dXJl",
  };

  it.each(cells)("token %s: %s → 401", async (token, what) => {
    const response =
      what === "list"
        ? await platform.request<AccountFailure>("GET", "/enad/companies/", {
            token: TOKENS[token],
          })
        : await call(null, what, "nordtrade", TOKENS[token]);
    expect(response.status).toBe(401);
    expect(response.body.details).toBe(COMPANY_DETAILS.unauthorized);
  });
});
