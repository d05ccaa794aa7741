import type { OrganisationSignupResult } from "@kassa/api-client";
import { Hono } from "hono";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody } from "../../http/json-body.js";
import { companyReply } from "./companies.js";
import { organisationSignupBody, signUpOrganisation } from "./organisation-signup.js";

interface Deps {
  db: Database;
  clock: Clock;
}

/** The company calls under `/enad` (A§4, A§7): today the organisation signup. */
export function companyRoutes({ db, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post("/organisation/signup", async (c) => {
    const input = await parseJsonBody(c, organisationSignupBody);
    const company = await signUpOrganisation(db, input, clock());
    const reply: OrganisationSignupResult = { company: await companyReply(db, company) };
    return c.json(reply, 201);
  });

  return app;
}
