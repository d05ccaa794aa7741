import type { ContactConsent, MarketingContact } from "@kassa/api-client";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type MarketingContactRow, marketingConsents, marketingContacts } from "../../db/schema.js";

/** The contact of an email (any case), or undefined. */
export async function contactByEmail(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(marketingContacts)
    .where(eq(sql`lower(${marketingContacts.email})`, email.trim().toLowerCase()));
  return row;
}

export async function contactById(db: Database, id: string) {
  const [row] = await db.select().from(marketingContacts).where(eq(marketingContacts.id, id));
  return row;
}

/**
 * The newest record of each consent id, in the order they were last recorded. The table keeps
 * every record (the proof of each consent given or taken back); the contact shows where each
 * stands now.
 */
async function currentConsents(db: Database, contactId: string): Promise<ContactConsent[]> {
  const rows = await db
    .select()
    .from(marketingConsents)
    .where(eq(marketingConsents.contactId, contactId))
    .orderBy(asc(marketingConsents.position));
  const newest = new Map<string, ContactConsent>();
  for (const row of rows) {
    newest.delete(row.consentId);
    newest.set(row.consentId, {
      id: row.consentId,
      value: row.value,
      date: row.date.toISOString(),
      source: row.source,
      comment: row.comment,
    });
  }
  return [...newest.values()];
}

/** C§3's contact record. */
export async function contactRecord(
  db: Database,
  row: MarketingContactRow,
): Promise<MarketingContact> {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    countryCode: row.countryCode,
    birthDay: row.birthDay,
    lang: row.lang,
    careOf: row.careOf,
    city: row.city,
    mobilePhone: row.mobilePhone,
    street: row.street,
    zipCode: row.zipCode,
    contactType: row.contactType,
    appUser: row.appUser,
    lastAppLogin: row.lastAppLogin?.toISOString() ?? null,
    bagarenCartId: row.bagarenCartId,
    discoveryKey: row.discoveryKey,
    memberSource: row.memberSource,
    storeExternalId: row.storeExternalId,
    preferences: {
      acceptsEmail: row.acceptsEmail,
      acceptsPostal: row.acceptsPostal,
      acceptsSms: row.acceptsSms,
    },
    consents: await currentConsents(db, row.id),
  };
}
