import { randomUUID } from "node:crypto";
import {
  NEWSLETTER_ERRORS,
  NEWSLETTER_REPLY_MESSAGES,
  type NewsletterLanguage,
  type NewsletterSuccess,
} from "@kassa/api-client";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type MarketingSubscriptionRow,
  marketingConsents,
  marketingContacts,
  marketingSubscriptions,
} from "../../db/schema.js";
import { notFound } from "../../http/http-error.js";
import type { Mailer } from "../mail/send-mail.js";
import { newsletterConfirmationMail } from "./newsletter-mail.js";
import {
  dropConfirmTokens,
  issueSubscriptionTokens,
  type NewsletterTokenKind,
  type SubscriptionKey,
  subscriptionOfToken,
} from "./newsletter-tokens.js";

/** A pending subscription is mailed again at most this often, so a form cannot flood an inbox. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 10 * 60 * 1000;

/** The `source` of a sign-up that names none, and of an unsubscribe. */
export const DEFAULT_NEWSLETTER_SOURCE = "storefront";

export interface NewsletterDeps {
  db: Database;
  mailer: Mailer;
  storefrontUrl: string;
}

export interface SubscribeInput {
  email: string;
  listId: string;
  lang: NewsletterLanguage;
  countryCode?: "SE" | "FI";
  source?: string;
}

/** A list's consent id on the contact record (C§3 `consents[].id`). */
export function newsletterConsentId(listId: string): string {
  return `newsletter:${listId}`;
}

const success = (message: NewsletterSuccess["message"]): NewsletterSuccess => ({
  success: true,
  message,
});

/** The contact of an email, made on the first sign-up (its language and market are that one's). */
async function contactFor(tx: Database, input: SubscribeInput, now: Date) {
  await tx
    .insert(marketingContacts)
    .values({
      id: randomUUID(),
      email: input.email,
      countryCode: input.countryCode ?? (input.lang === "fi" ? "FI" : "SE"),
      lang: input.lang,
      discoveryKey: randomUUID(),
      memberSource: input.source ?? DEFAULT_NEWSLETTER_SOURCE,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [contact] = await tx
    .select()
    .from(marketingContacts)
    .where(eq(sql`lower(${marketingContacts.email})`, input.email));
  if (!contact) throw new Error("A newsletter contact was neither inserted nor found");
  return contact;
}

function subscriptionWhere({ contactId, listId }: SubscriptionKey) {
  return and(
    eq(marketingSubscriptions.contactId, contactId),
    eq(marketingSubscriptions.listId, listId),
  );
}

async function lockedSubscription(
  tx: Database,
  key: SubscriptionKey,
): Promise<MarketingSubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(marketingSubscriptions)
    .where(subscriptionWhere(key))
    .for("update");
  return row;
}

/**
 * `POST /marketing/newsletter/subscribe`: double opt-in. A new address, or one that unsubscribed,
 * becomes `pending` and gets a confirmation mail; a pending one gets another mail only when the
 * last is 10 minutes old; a confirmed one gets nothing. No consent is recorded before the confirm
 * link is followed. The list must exist (the route answers 404 `list not found` before).
 */
export async function subscribe(
  deps: NewsletterDeps,
  input: SubscribeInput,
  now: Date,
): Promise<NewsletterSuccess> {
  const source = input.source ?? DEFAULT_NEWSLETTER_SOURCE;
  return deps.db.transaction(async (tx) => {
    const contact = await contactFor(tx, input, now);
    const key = { contactId: contact.id, listId: input.listId };
    const mail = async () => {
      const tokens = await issueSubscriptionTokens(tx, key, now);
      await deps.mailer.send(
        await newsletterConfirmationMail(contact.email, input.lang, tokens, deps.storefrontUrl),
        { db: tx },
      );
      return success(NEWSLETTER_REPLY_MESSAGES.confirmationSent);
    };

    const [created] = await tx
      .insert(marketingSubscriptions)
      .values({
        ...key,
        status: "pending",
        source,
        mailSentAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return mail();

    const subscription = await lockedSubscription(tx, key);
    if (!subscription) throw new Error("A newsletter subscription was neither inserted nor found");
    if (subscription.status === "confirmed") {
      return success(NEWSLETTER_REPLY_MESSAGES.alreadySubscribed);
    }
    const resend =
      now.getTime() - subscription.mailSentAt.getTime() >= CONFIRMATION_RESEND_INTERVAL_MS;
    // An address that unsubscribed has no confirm link left: signing up again always mails one.
    if (subscription.status === "pending" && !resend) {
      return success(NEWSLETTER_REPLY_MESSAGES.confirmationSent);
    }
    await tx
      .update(marketingSubscriptions)
      .set({ status: "pending", source, mailSentAt: now, updatedAt: now })
      .where(subscriptionWhere(key));
    return mail();
  });
}

/** The subscription of a live token, locked, or 404 `invalid token`. */
async function subscriptionByToken(
  tx: Database,
  token: string,
  kind: NewsletterTokenKind,
  now: Date,
): Promise<MarketingSubscriptionRow> {
  const key = await subscriptionOfToken(tx, token, kind, now);
  const subscription = key ? await lockedSubscription(tx, key) : undefined;
  if (!subscription) throw notFound(NEWSLETTER_ERRORS.invalidToken);
  return subscription;
}

/** Whether a contact has a confirmed subscription: C§3 `preferences.acceptsEmail`. */
async function refreshAcceptsEmail(tx: Database, contactId: string, now: Date) {
  await tx
    .update(marketingContacts)
    .set({
      acceptsEmail: sql`exists (select 1 from ${marketingSubscriptions} where ${marketingSubscriptions.contactId} = ${contactId} and ${marketingSubscriptions.status} = 'confirmed')`,
      updatedAt: now,
    })
    .where(eq(marketingContacts.id, contactId));
}

async function recordConsent(
  tx: Database,
  subscription: MarketingSubscriptionRow,
  consent: { value: boolean; source: string; comment: string },
  now: Date,
) {
  await tx.insert(marketingConsents).values({
    contactId: subscription.contactId,
    consentId: newsletterConsentId(subscription.listId),
    date: now,
    ...consent,
  });
}

/**
 * `POST /marketing/newsletter/confirm`: the confirm link of a mail (7 days). Confirms a pending
 * subscription and records the consent, once; a confirmed one answers `already_confirmed`. An
 * unknown or expired token, and one of a subscription that was unsubscribed since, is 404.
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now: Date,
): Promise<NewsletterSuccess> {
  return db.transaction(async (tx) => {
    const subscription = await subscriptionByToken(tx, token, "confirm", now);
    if (subscription.status === "confirmed") {
      return success(NEWSLETTER_REPLY_MESSAGES.alreadyConfirmed);
    }
    // An unsubscribe drops the confirm tokens; one seen here lost that race.
    if (subscription.status !== "pending") throw notFound(NEWSLETTER_ERRORS.invalidToken);
    await tx
      .update(marketingSubscriptions)
      .set({ status: "confirmed", confirmedAt: now, updatedAt: now })
      .where(subscriptionWhere(subscription));
    await recordConsent(
      tx,
      subscription,
      { value: true, source: subscription.source, comment: "double opt-in confirmed" },
      now,
    );
    await refreshAcceptsEmail(tx, subscription.contactId, now);
    return success(NEWSLETTER_REPLY_MESSAGES.confirmed);
  });
}

/**
 * `POST /marketing/newsletter/unsubscribe`: the unsubscribe link of any mail of the subscription.
 * Records the withdrawal (a consent with value false) and forgets the confirm links; a second
 * time changes nothing and answers the same.
 */
export async function unsubscribe(
  db: Database,
  token: string,
  now: Date,
): Promise<NewsletterSuccess> {
  return db.transaction(async (tx) => {
    const subscription = await subscriptionByToken(tx, token, "unsubscribe", now);
    if (subscription.status !== "unsubscribed") {
      await tx
        .update(marketingSubscriptions)
        .set({ status: "unsubscribed", unsubscribedAt: now, updatedAt: now })
        .where(subscriptionWhere(subscription));
      await dropConfirmTokens(tx, subscription);
      await recordConsent(
        tx,
        subscription,
        { value: false, source: DEFAULT_NEWSLETTER_SOURCE, comment: "unsubscribed by link" },
        now,
      );
      await refreshAcceptsEmail(tx, subscription.contactId, now);
    }
    return success(NEWSLETTER_REPLY_MESSAGES.unsubscribed);
  });
}
