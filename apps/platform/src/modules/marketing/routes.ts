import {
  MANAGEMENT_SCOPES,
  type MarketingContact,
  NEWSLETTER_ERRORS,
  type NewsletterSuccess,
} from "@kassa/api-client";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import type { ClientAddress } from "../../http/client-address.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { notFound } from "../../http/http-error.js";
import { parseJsonBody, validate } from "../../http/json-body.js";
import { emailField, emailLookupField, tokenField } from "../accounts/account-fields.js";
import type { Mailer } from "../mail/send-mail.js";
import { requireOAuth } from "../oauth/require-oauth.js";
import { contactByEmail, contactById, contactRecord } from "./contacts.js";
import { findList } from "./marketing-lists.js";
import { countNewsletterSignup } from "./newsletter-limits.js";
import { confirmSubscription, subscribe, unsubscribe } from "./subscriptions.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
  mailer: Mailer;
  clientAddress: ClientAddress;
}

/** Where a sign-up was made: any short text (the storefront sends `storefront-footer`, …). */
const MAX_SOURCE_LENGTH = 100;

export const subscribeBody = z.object({
  email: emailField,
  listId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  lang: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(["sv", "fi", "en"])),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(["SE", "FI"]))
    .optional(),
  source: z.string().trim().min(1).max(MAX_SOURCE_LENGTH).optional(),
});

export const newsletterTokenBody = z.object({ token: tokenField });

export const contactQuery = z.object({ email: emailLookupField });

/**
 * The marketing side under `/marketing` (C§3 contact record, C§7 newsletter): the double opt-in
 * newsletter calls, public like the sign-up block that makes them, and the contacts, behind the
 * management API's OAuth2 client credentials with the scope `marketing/contact:read`.
 */
export function marketingRoutes({ db, config, clock, mailer, clientAddress }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const readContacts = requireOAuth(MANAGEMENT_SCOPES.contactRead, {
    secret: config.sessionSecret,
    clock,
    clients: config.oauthClients,
  });
  const deps = { db, mailer, storefrontUrl: config.storefrontUrl };

  app.post("/newsletter/subscribe", async (c) => {
    const input = await parseJsonBody(c, subscribeBody);
    if (!(await findList(db, input.listId))) throw notFound(NEWSLETTER_ERRORS.listNotFound);
    const now = clock();
    await countNewsletterSignup(db, { email: input.email, address: clientAddress(c) }, now);
    return c.json((await subscribe(deps, input, now)) satisfies NewsletterSuccess);
  });

  app.post("/newsletter/confirm", async (c) => {
    const { token } = await parseJsonBody(c, newsletterTokenBody);
    return c.json((await confirmSubscription(db, token, clock())) satisfies NewsletterSuccess);
  });

  app.post("/newsletter/unsubscribe", async (c) => {
    const { token } = await parseJsonBody(c, newsletterTokenBody);
    return c.json((await unsubscribe(db, token, clock())) satisfies NewsletterSuccess);
  });

  app.get("/contacts", readContacts, async (c) => {
    const { email } = validate(contactQuery, c.req.query(), "The query is invalid");
    const row = await contactByEmail(db, email);
    if (!row) throw notFound(NEWSLETTER_ERRORS.contactNotFound);
    return c.json((await contactRecord(db, row)) satisfies MarketingContact);
  });

  app.get("/contacts/:id", readContacts, async (c) => {
    const id = c.req.param("id");
    const row = id.length <= MAX_ID_LENGTH ? await contactById(db, id) : undefined;
    if (!row) throw notFound(NEWSLETTER_ERRORS.contactNotFound);
    return c.json((await contactRecord(db, row)) satisfies MarketingContact);
  });

  return app;
}
