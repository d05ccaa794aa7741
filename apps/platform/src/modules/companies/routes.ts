import type {
  Company,
  CompanyList,
  CompanyUpdated,
  CompanyUserList,
  CompanyUserRemoved,
  OrganisationSignupResult,
} from "@kassa/api-client";
import { companyFormSchema, companyValidationText } from "@kassa/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody, validate } from "../../http/json-body.js";
import { isStorefront } from "../../http/storefront-caller.js";
import { requireUser } from "../accounts/require-user.js";
import { companyReply } from "./companies.js";
import { companyAccessOf, unauthorizedBecause, visibleCompany } from "./company-access.js";
import { listCompanies } from "./company-list.js";
import { companyPageQuery, companyUsersQuery } from "./company-paging.js";
import { COMPANY_TEXTS } from "./company-texts.js";
import { type OptionalCompanyKey, updateCompany } from "./company-update.js";
import { removeCompanyUser } from "./company-user-removal.js";
import { listCompanyUsers } from "./company-users.js";
import { organisationSignupBody, signUpOrganisation } from "./organisation-signup.js";

interface Deps {
  db: Database;
  clock: Clock;
  /** Signs and checks the users' access tokens (`SESSION_SECRET`). */
  secret: string;
}

const OPTIONAL_KEYS: readonly OptionalCompanyKey[] = [
  "invoice_email",
  "external_ref",
  "custom_fields",
];

/** The keys of the wire's optional fields that the body carries (see `updateCompany`). */
function sentKeys(body: unknown): Set<OptionalCompanyKey> {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return new Set(OPTIONAL_KEYS.filter((key) => record[key] !== undefined));
}

/**
 * The company calls under `/enad` (A§4, A§7, ADR 0013): the organisation signup, and, as the
 * access token's user, the company list, one company, its update, its users and a user's removal.
 * Every decision is `companyRightsOf` (`company-access.ts`) over the memberships stored now.
 */
export function companyRoutes({ db, clock, secret }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withUser = requireUser(db, secret, clock);

  app.post("/organisation/signup", async (c) => {
    const input = await parseJsonBody(c, organisationSignupBody);
    const company = await signUpOrganisation(db, input, isStorefront(c), clock());
    const reply: OrganisationSignupResult = { company: await companyReply(db, company) };
    return c.json(reply, 201);
  });

  app.get("/companies", withUser, async (c) => {
    const query = validate(companyPageQuery, c.req.query(), "The query is invalid");
    return c.json((await listCompanies(db, c.get("user"), query)) satisfies CompanyList);
  });

  app.get("/companies/:id", withUser, async (c) => {
    const { company } = await visibleCompany(db, c.get("user"), c.req.param("id"));
    return c.json((await companyReply(db, company)) satisfies Company);
  });

  app.put("/companies/:id", withUser, async (c) => {
    const { company, rights } = await visibleCompany(db, c.get("user"), c.req.param("id"));
    if (!rights.canEdit) throw unauthorizedBecause(COMPANY_TEXTS.editRefused);
    // The JSON as sent (its depth and text checked), then the A§5 form, answered in English.
    const body = await parseJsonBody(c, z.unknown());
    const form = validate(
      companyFormSchema,
      body,
      "The request body is invalid",
      companyValidationText,
    );
    const updated = await updateCompany(db, company.id, form, sentKeys(body), clock());
    return c.json({ company: await companyReply(db, updated) } satisfies CompanyUpdated);
  });

  app.get("/companies/:id/users", withUser, async (c) => {
    const { company, rights } = await companyAccessOf(db, c.get("user"), c.req.param("id"));
    // A§3's refusal, also for an unknown id: the answer tells nothing about the company.
    if (!company || !rights.canListUsers) throw unauthorizedBecause(COMPANY_TEXTS.usersRefused);
    const query = validate(companyUsersQuery, c.req.query(), "The query is invalid");
    const contactsFor = query.contacts ? c.get("user").id : undefined;
    return c.json(
      (await listCompanyUsers(db, company.id, query, contactsFor)) satisfies CompanyUserList,
    );
  });

  app.delete("/companies/:id/users/:userId", withUser, async (c) => {
    const user = c.get("user");
    const { company, rights } = await visibleCompany(db, user, c.req.param("id"));
    if (!rights.canRemoveUsers) throw unauthorizedBecause(COMPANY_TEXTS.removeRefused);
    await removeCompanyUser(db, user, company.id, c.req.param("userId"));
    return c.json({
      success: true,
      message: COMPANY_TEXTS.userRemoved,
    } satisfies CompanyUserRemoved);
  });

  return app;
}
