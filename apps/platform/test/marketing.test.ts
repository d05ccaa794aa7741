import {
  MANAGEMENT_SCOPES,
  type MarketingContact,
  type NewsletterReply,
  type OutboxMail,
  type PlatformErrorBody,
} from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  marketingConsents,
  marketingContacts,
  marketingSubscriptions,
  marketingSubscriptionTokens,
} from "../src/db/schema.js";
import {
  NEWSLETTER_SIGNUPS_PER_ADDRESS,
  NEWSLETTER_SIGNUPS_PER_EMAIL,
} from "../src/modules/marketing/newsletter-limits.js";
import { SEED_USERS } from "../src/seed/fixtures.js";
import { logIn, outbox, uniqueEmail } from "./support/accounts.js";
import { managementToken } from "./support/oauth.js";
import { DAY, MINUTE } from "./support/test-clock.js";
import {
  keysOf,
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

type Answer = NewsletterReply & PlatformErrorBody;

function subscribe(body: Record<string, unknown>, headers?: Record<string, string>) {
  return platform.request<Answer>("POST", "/marketing/newsletter/subscribe", { body, headers });
}

const confirm = (token: string) =>
  platform.request<Answer>("POST", "/marketing/newsletter/confirm", { body: { token } });
const unsubscribe = (token: string) =>
  platform.request<Answer>("POST", "/marketing/newsletter/unsubscribe", { body: { token } });

/** A sign-up to the seeded list, in Swedish unless told otherwise. */
function signUp(email: string, overrides: Record<string, unknown> = {}) {
  return subscribe({ email, listId: "newsletter", lang: "sv", ...overrides });
}

/** The confirm and unsubscribe links of a newsletter mail (from its text part) and their tokens. */
function linksOf(mail: OutboxMail) {
  const urls = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
  const confirmUrl = urls.find((url) => url.pathname === "/newsletter/confirm");
  const unsubscribeUrl = urls.find((url) => url.pathname === "/newsletter/unsubscribe");
  if (!confirmUrl || !unsubscribeUrl) throw new Error(`links missing in "${mail.subject}"`);
  return {
    confirmUrl,
    unsubscribeUrl,
    confirmToken: confirmUrl.searchParams.get("token") ?? "",
    unsubscribeToken: unsubscribeUrl.searchParams.get("token") ?? "",
  };
}

async function latestLinks(email: string) {
  const [mail] = await outbox(platform, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return linksOf(mail);
}

async function contactRow(email: string) {
  const [row] = await platform.db
    .select()
    .from(marketingContacts)
    .where(eq(marketingContacts.email, email));
  return row;
}

async function consentRows(email: string) {
  const contact = await contactRow(email);
  if (!contact) return [];
  return platform.db
    .select()
    .from(marketingConsents)
    .where(eq(marketingConsents.contactId, contact.id))
    .orderBy(marketingConsents.position);
}

async function subscriptionRows(email: string) {
  const contact = await contactRow(email);
  if (!contact) return [];
  return platform.db
    .select()
    .from(marketingSubscriptions)
    .where(
      and(
        eq(marketingSubscriptions.contactId, contact.id),
        eq(marketingSubscriptions.listId, "newsletter"),
      ),
    );
}

/** Signs up, follows the confirm link: a confirmed subscriber. Answers the mail's links. */
async function confirmedSubscriber(email: string, overrides: Record<string, unknown> = {}) {
  expect((await signUp(email, overrides)).status).toBe(200);
  const links = await latestLinks(email);
  expect((await confirm(links.confirmToken)).body.message).toBe("confirmed");
  return links;
}

describe("POST /marketing/newsletter/subscribe", () => {
  it("answers confirmation_sent and mails both links, pointing at the storefront, in Swedish", async () => {
    const email = uniqueEmail("news");
    const { status, body, headers } = await signUp(email, { source: "storefront-footer" });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: "confirmation_sent" });
    expect(headers.get("cache-control")).toBe("no-store");

    const mails = await outbox(platform, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as OutboxMail;
    expect(mail.subject).toBe("Bekräfta din prenumeration på Kassas nyhetsbrev");
    expect(mail.text).toContain("Tack för att du vill prenumerera");
    const links = linksOf(mail);
    expect(links.confirmUrl.origin).toBe(TEST_STOREFRONT_URL);
    expect(links.unsubscribeUrl.origin).toBe(TEST_STOREFRONT_URL);
    expect(links.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.confirmToken).not.toBe(links.unsubscribeToken);
    // The HTML part carries the same two links, clickable.
    expect(mail.html).toContain(`href="${links.confirmUrl.href}"`);
    expect(mail.html).toContain(`href="${links.unsubscribeUrl.href}"`);
    expect(mail.html).toContain("Avsluta prenumerationen");
  });

  it("writes the mail in Finnish or English when asked", async () => {
    const finnish = uniqueEmail("uutiset");
    await signUp(finnish, { lang: "fi" });
    const [fi] = await outbox(platform, finnish);
    expect(fi?.subject).toBe("Vahvista Kassan uutiskirjeen tilaus");
    expect(fi?.text).toContain("Peru tilaus");
    expect(fi && linksOf(fi).confirmUrl.pathname).toBe("/newsletter/confirm");

    const english = uniqueEmail("news");
    await signUp(english, { lang: "EN" });
    const [en] = await outbox(platform, english);
    expect(en?.subject).toBe("Confirm your subscription to the Kassa newsletter");
    expect(en?.text).toContain("Unsubscribe here:");
  });

  it("stores the contact once, trimmed and lower-cased, with the sign-up's language and market", async () => {
    const email = uniqueEmail("case");
    await signUp(`  ${email.toUpperCase()} `, { lang: "fi" });
    const contact = await contactRow(email);
    expect(contact).toMatchObject({
      email,
      lang: "fi",
      countryCode: "FI",
      contactType: "Contact",
      memberSource: "storefront",
      acceptsEmail: false,
    });
    // A second sign-up finds the same contact and leaves its language and market.
    await signUp(email, { countryCode: "SE" });
    const rows = await platform.db
      .select()
      .from(marketingContacts)
      .where(eq(marketingContacts.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ lang: "fi", countryCode: "FI" });
  });

  it("is not an error twice: still pending, one row, no second mail within 10 minutes", async () => {
    const email = uniqueEmail("twice");
    expect((await signUp(email)).body).toEqual({ success: true, message: "confirmation_sent" });
    expect((await signUp(email)).body).toEqual({ success: true, message: "confirmation_sent" });
    expect(await outbox(platform, email)).toHaveLength(1);
    expect(await subscriptionRows(email)).toHaveLength(1);
    expect((await subscriptionRows(email))[0]?.status).toBe("pending");
    expect(await consentRows(email)).toEqual([]);

    platform.clock.advance(9 * MINUTE);
    await signUp(email);
    expect(await outbox(platform, email)).toHaveLength(1);
  });

  it("mails a pending address again after 10 minutes, and the first mail's link still works", async () => {
    const email = uniqueEmail("again");
    await signUp(email);
    const first = await latestLinks(email);
    platform.clock.advance(10 * MINUTE);
    await signUp(email, { lang: "en" });
    const mails = await outbox(platform, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe("Confirm your subscription to the Kassa newsletter");
    const second = linksOf(mails[0] as OutboxMail);
    expect(second.confirmToken).not.toBe(first.confirmToken);

    expect((await confirm(first.confirmToken)).body.message).toBe("confirmed");
    expect((await confirm(second.confirmToken)).body.message).toBe("already_confirmed");
    expect(await subscriptionRows(email)).toHaveLength(1);
  });

  it("answers already_subscribed for a confirmed address, with no mail and no new row", async () => {
    const email = uniqueEmail("member");
    await confirmedSubscriber(email);
    platform.clock.advance(20 * MINUTE);
    const { status, body } = await signUp(email);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, message: "already_subscribed" });
    expect(await outbox(platform, email)).toHaveLength(1);
    expect(await subscriptionRows(email)).toHaveLength(1);
    expect(await consentRows(email)).toHaveLength(1);
  });

  it("refuses an address that is not one (400, the platform error body)", async () => {
    for (const email of ["not-an-email", "", "anna@", `${"a".repeat(250)}@example.se`]) {
      const { status, body } = await signUp(email);
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: "BAD_REQUEST", statusCode: 400 });
      expect(body.errors?.[0]).toMatch(/^email: /);
      expect(typeof body.requestId).toBe("string");
    }
    const missing = await subscribe({ listId: "newsletter", lang: "sv" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]).toMatch(/^email: /);
  });

  it("refuses an unknown language or market (400)", async () => {
    const email = uniqueEmail("lang");
    expect((await signUp(email, { lang: "de" })).status).toBe(400);
    expect((await signUp(email, { countryCode: "NO" })).status).toBe(400);
    expect((await signUp(email, { lang: undefined })).status).toBe(400);
    expect(await outbox(platform, email)).toEqual([]);
  });

  it("answers 404 'list not found' for a list the platform does not know, and stores nothing", async () => {
    const email = uniqueEmail("nolist");
    const { status, body } = await signUp(email, { listId: "no-such-list" });
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "list not found", statusCode: 404, errors: [] });
    expect(await contactRow(email)).toBeUndefined();
    expect(await outbox(platform, email)).toEqual([]);
  });

  it(`allows ${NEWSLETTER_SIGNUPS_PER_EMAIL.limit} sign-ups of one address an hour, then 429`, async () => {
    const email = uniqueEmail("limit");
    for (let tries = 0; tries < NEWSLETTER_SIGNUPS_PER_EMAIL.limit; tries++) {
      expect((await signUp(email)).status).toBe(200);
    }
    const refused = await signUp(email);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "TOO_MANY_REQUESTS", statusCode: 429 });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await outbox(platform, email)).toHaveLength(1);
  });

  it(`allows ${NEWSLETTER_SIGNUPS_PER_ADDRESS.limit} sign-ups from one client address in 10 minutes`, async () => {
    const fromOneClient = { "x-forwarded-for": "203.0.113.77" };
    for (let tries = 0; tries < NEWSLETTER_SIGNUPS_PER_ADDRESS.limit; tries++) {
      const answer = await subscribe(
        { email: uniqueEmail("crowd"), listId: "newsletter", lang: "sv" },
        fromOneClient,
      );
      expect(answer.status).toBe(200);
    }
    const refused = await subscribe(
      { email: uniqueEmail("crowd"), listId: "newsletter", lang: "sv" },
      fromOneClient,
    );
    expect(refused.status).toBe(429);
    const another = await subscribe(
      { email: uniqueEmail("crowd"), listId: "newsletter", lang: "sv" },
      { "x-forwarded-for": "203.0.113.78" },
    );
    expect(another.status).toBe(200);
    platform.clock.advance(10 * MINUTE);
  });
});

describe("the confirmation mail's list headers (RFC 2369, RFC 8058)", () => {
  /** The one URI of `List-Unsubscribe: <…>`; RFC 8058 allows a `mailto:` beside it, we send none. */
  function oneClickUrl(mail: OutboxMail): URL {
    const value = mail.headers["List-Unsubscribe"] ?? "";
    const uris = [...value.matchAll(/<([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(value).toBe(uris.map((uri) => `<${uri}>`).join(", "));
    const https = uris.filter((uri) => /^https?:/.test(uri));
    expect(https).toHaveLength(1);
    return new URL(https[0] ?? "");
  }

  it("names the mail's own unsubscribe link and offers the one-click POST", async () => {
    const email = uniqueEmail("headers");
    await signUp(email);
    const [mail] = await outbox(platform, email);
    expect(Object.keys(mail!.headers).sort()).toEqual([
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
    ]);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = oneClickUrl(mail!);
    const { unsubscribeUrl } = linksOf(mail!);
    // The storefront's page: a GET asks, a POST of `List-Unsubscribe=One-Click` unsubscribes.
    expect(url.href).toBe(unsubscribeUrl.href);
    expect(url.origin).toBe(TEST_STOREFRONT_URL);
    expect(url.pathname).toBe("/newsletter/unsubscribe");
  });

  it("carries a token that ends this subscription and no other, and cannot be forged", async () => {
    const leaving = uniqueEmail("leaving");
    const staying = uniqueEmail("staying");
    await confirmedSubscriber(leaving);
    await confirmedSubscriber(staying);
    const [mail] = await outbox(platform, leaving);
    const token = oneClickUrl(mail!).searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A token one character off (as a guess or a tampered link would be) is refused.
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await unsubscribe(forged)).status).toBe(404);
    expect((await subscriptionRows(leaving))[0]?.status).toBe("confirmed");

    expect((await unsubscribe(token)).body.message).toBe("unsubscribed");
    expect((await subscriptionRows(leaving))[0]?.status).toBe("unsubscribed");
    expect((await subscriptionRows(staying))[0]?.status).toBe("confirmed");
  });
});

describe("POST /marketing/newsletter/confirm", () => {
  it("confirms, records the consent exactly once, and the address then accepts email", async () => {
    const email = uniqueEmail("confirm");
    await signUp(email, { source: "storefront-home" });
    const { confirmToken } = await latestLinks(email);
    expect(await consentRows(email)).toEqual([]);

    const first = await confirm(confirmToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: "confirmed" });

    const consents = await consentRows(email);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      consentId: "newsletter:newsletter",
      value: true,
      source: "storefront-home",
      comment: "double opt-in confirmed",
    });
    expect(consents[0]?.date.getTime()).toBe(platform.clock.now().getTime());
    expect((await contactRow(email))?.acceptsEmail).toBe(true);
    expect((await subscriptionRows(email))[0]?.status).toBe("confirmed");

    const second = await confirm(confirmToken);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ success: true, message: "already_confirmed" });
    expect(await consentRows(email)).toHaveLength(1);
  });

  it("names the source 'storefront' when the sign-up named none", async () => {
    const email = uniqueEmail("nosource");
    await confirmedSubscriber(email);
    expect((await consentRows(email))[0]?.source).toBe("storefront");
  });

  it("answers 404 'invalid token' for an unknown token, an unsubscribe token and an expired link", async () => {
    const unknown = await confirm("no-such-token");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: "invalid token",
      message: "invalid token",
      statusCode: 404,
      errors: [],
    });

    const email = uniqueEmail("expired");
    await signUp(email);
    const { confirmToken, unsubscribeToken } = await latestLinks(email);
    expect((await confirm(unsubscribeToken)).status).toBe(404);

    platform.clock.advance(7 * DAY);
    const expired = await confirm(confirmToken);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe("invalid token");
    expect((await subscriptionRows(email))[0]?.status).toBe("pending");
    expect(await consentRows(email)).toEqual([]);

    // A new sign-up sends a new link that works, and the expired one is forgotten.
    await signUp(email);
    expect((await confirm((await latestLinks(email)).confirmToken)).body.message).toBe("confirmed");
    const contact = await contactRow(email);
    const confirmTokens = await platform.db
      .select()
      .from(marketingSubscriptionTokens)
      .where(
        and(
          eq(marketingSubscriptionTokens.contactId, contact?.id ?? ""),
          eq(marketingSubscriptionTokens.kind, "confirm"),
        ),
      );
    expect(confirmTokens).toHaveLength(1);
  });

  it("works until the last moment of its 7 days", async () => {
    const email = uniqueEmail("lastday");
    await signUp(email);
    const { confirmToken } = await latestLinks(email);
    platform.clock.advance(7 * DAY - 1000);
    expect((await confirm(confirmToken)).body.message).toBe("confirmed");
  });

  it("refuses a body without a token (400)", async () => {
    const answer = await platform.request<Answer>("POST", "/marketing/newsletter/confirm", {
      body: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatch(/^token: /);
  });
});

describe("POST /marketing/newsletter/unsubscribe", () => {
  it("unsubscribes, records the withdrawal, and the address no longer accepts email; twice is the same", async () => {
    const email = uniqueEmail("leave");
    const { unsubscribeToken } = await confirmedSubscriber(email);

    const first = await unsubscribe(unsubscribeToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: "unsubscribed" });
    const consents = await consentRows(email);
    expect(consents.map((consent) => consent.value)).toEqual([true, false]);
    expect(consents[1]).toMatchObject({ consentId: "newsletter:newsletter", source: "storefront" });
    expect((await contactRow(email))?.acceptsEmail).toBe(false);
    expect((await subscriptionRows(email))[0]?.status).toBe("unsubscribed");

    const second = await unsubscribe(unsubscribeToken);
    expect(second.body).toEqual({ success: true, message: "unsubscribed" });
    expect(await consentRows(email)).toHaveLength(2);
  });

  it("keeps working for the subscription's life, and an old confirm link cannot undo it", async () => {
    const email = uniqueEmail("later");
    await signUp(email);
    const { confirmToken, unsubscribeToken } = await latestLinks(email);
    expect((await confirm(confirmToken)).body.message).toBe("confirmed");

    platform.clock.advance(400 * DAY);
    expect((await unsubscribe(unsubscribeToken)).body.message).toBe("unsubscribed");
    expect((await confirm(confirmToken)).status).toBe(404);
  });

  it("takes a pending address off too, and a new sign-up mails a new link at once", async () => {
    const email = uniqueEmail("pending");
    await signUp(email);
    const first = await latestLinks(email);
    expect((await unsubscribe(first.unsubscribeToken)).body.message).toBe("unsubscribed");
    expect((await confirm(first.confirmToken)).status).toBe(404);

    expect((await signUp(email)).body.message).toBe("confirmation_sent");
    expect(await outbox(platform, email)).toHaveLength(2);
    const second = await latestLinks(email);
    expect((await confirm(second.confirmToken)).body.message).toBe("confirmed");
    expect((await consentRows(email)).map((consent) => consent.value)).toEqual([false, true]);
    expect((await contactRow(email))?.acceptsEmail).toBe(true);
    // The first mail's unsubscribe link still speaks for the subscription.
    expect((await unsubscribe(first.unsubscribeToken)).body.message).toBe("unsubscribed");
    expect((await contactRow(email))?.acceptsEmail).toBe(false);
  });

  it("answers 404 'invalid token' for an unknown token or a confirm token", async () => {
    expect((await unsubscribe("nope")).status).toBe(404);
    const email = uniqueEmail("wrongkind");
    await signUp(email);
    const { confirmToken } = await latestLinks(email);
    const answer = await unsubscribe(confirmToken);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("invalid token");
  });
});

describe("GET /marketing/contacts", () => {
  const CONTACT_KEYS = [
    "appUser",
    "bagarenCartId",
    "birthDay",
    "careOf",
    "city",
    "consents",
    "contactType",
    "countryCode",
    "discoveryKey",
    "email",
    "firstName",
    "id",
    "lang",
    "lastAppLogin",
    "lastName",
    "memberSource",
    "mobilePhone",
    "preferences",
    "storeExternalId",
    "street",
    "zipCode",
  ];

  function contacts<Body = MarketingContact>(path: string, token?: string) {
    return platform.request<Body & PlatformErrorBody>("GET", `/marketing/contacts${path}`, {
      token,
    });
  }

  it("needs a management token with the contact scope", async () => {
    const email = uniqueEmail("private");
    await signUp(email);
    const query = `?email=${encodeURIComponent(email)}`;

    const anonymous = await contacts(query);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain('realm="kassa-management"');

    const ordersOnly = await managementToken(platform, MANAGEMENT_SCOPES.orderRead);
    const refused = await contacts(query, ordersOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("insufficient_scope");

    const login = await logIn(platform, SEED_USERS.customer.email);
    expect(login.status).toBe(200);
    const asShopper = await contacts(query, login.body.access_token);
    expect(asShopper.status).toBe(401);
  });

  it("answers the C§3 contact record by email (any case) and by id, with the consents", async () => {
    const email = uniqueEmail("record");
    await confirmedSubscriber(email, { lang: "en", countryCode: "SE", source: "storefront-home" });
    const token = await managementToken(platform, MANAGEMENT_SCOPES.contactRead);

    const byEmail = await contacts(`?email=${encodeURIComponent(email.toUpperCase())}`, token);
    expect(byEmail.status).toBe(200);
    expect(byEmail.headers.get("cache-control")).toBe("no-store");
    const record = byEmail.body;
    expect(keysOf(record)).toEqual(CONTACT_KEYS);
    expect(record).toMatchObject({
      email,
      firstName: "",
      lastName: "",
      countryCode: "SE",
      birthDay: null,
      lang: "en",
      careOf: "",
      city: "",
      mobilePhone: "",
      street: "",
      zipCode: "",
      contactType: "Contact",
      appUser: false,
      lastAppLogin: null,
      bagarenCartId: null,
      memberSource: "storefront-home",
      storeExternalId: "",
      preferences: { acceptsEmail: true, acceptsPostal: false, acceptsSms: false },
    });
    expect(record.discoveryKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.consents).toHaveLength(1);
    expect(keysOf(record.consents[0])).toEqual(["comment", "date", "id", "source", "value"]);
    expect(record.consents[0]).toMatchObject({
      id: "newsletter:newsletter",
      value: true,
      source: "storefront-home",
      comment: "double opt-in confirmed",
    });
    expect(new Date(record.consents[0]?.date ?? "").toISOString()).toBe(record.consents[0]?.date);

    const byId = await contacts(`/${record.id}`, token);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(record);
  });

  it("shows where each consent stands now: the withdrawal after an unsubscribe", async () => {
    const email = uniqueEmail("withdrawn");
    const { unsubscribeToken } = await confirmedSubscriber(email);
    await unsubscribe(unsubscribeToken);
    const token = await managementToken(platform);
    const { body } = await contacts(`?email=${encodeURIComponent(email)}`, token);
    expect(body.preferences.acceptsEmail).toBe(false);
    expect(body.consents).toEqual([
      expect.objectContaining({ id: "newsletter:newsletter", value: false }),
    ]);
  });

  it("answers 404 'contact not found' for an unknown email or id, 400 without an email", async () => {
    const token = await managementToken(platform);
    const unknownEmail = await contacts("?email=nobody%40example.test", token);
    expect(unknownEmail.status).toBe(404);
    expect(unknownEmail.body.error).toBe("contact not found");
    expect((await contacts("/no-such-id", token)).status).toBe(404);
    expect((await contacts(`/${"x".repeat(300)}`, token)).status).toBe(404);
    const noEmail = await contacts("", token);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors?.[0]).toMatch(/^email: /);
  });
});
