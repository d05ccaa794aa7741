import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import { addresses, organisationMembers, organisations, users } from "../db/schema.js";
import { hashPassword } from "../modules/accounts/password-hash.js";
import { ORGANISATION_DETAILS, SEED_ACCOUNTS_CREATED_AT, USER_DETAILS } from "./account-data.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "./fixtures.js";

export interface AccountSeedResult {
  users: number;
  organisations: number;
}

/** The seed has no randomness: each demo user's salt comes from its email. */
function seedSalt(email: string): Buffer {
  return createHash("sha256").update(`kassa-seed:${email}`).digest().subarray(0, 16);
}

const minutesAfterCreation = (minutes: number) =>
  new Date(SEED_ACCOUNTS_CREATED_AT.getTime() + minutes * 60_000);

/**
 * Adds the demo organisations and users that are missing, and nothing else: existing rows are
 * never changed, so a demo user's changed password or deleted account stays as it is (`pnpm seed
 * -- --reset` brings them back). Memberships and addresses are only added together with the user
 * or organisation they belong to, so a deleted demo account does not get its company back.
 */
export async function seedAccounts(db: Database): Promise<AccountSeedResult> {
  const organisationEntries = Object.entries(SEED_ORGANISATIONS) as [
    keyof typeof SEED_ORGANISATIONS,
    (typeof SEED_ORGANISATIONS)[keyof typeof SEED_ORGANISATIONS],
  ][];
  const userEntries = Object.entries(SEED_USERS) as [
    keyof typeof SEED_USERS,
    (typeof SEED_USERS)[keyof typeof SEED_USERS],
  ][];

  const existingOrganisations = new Set(
    (
      await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(
          inArray(
            organisations.id,
            organisationEntries.map(([, org]) => org.id),
          ),
        )
    ).map((row) => row.id),
  );
  const existingUsers = new Set(
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.id,
            userEntries.map(([, user]) => user.id),
          ),
        )
    ).map((row) => row.id),
  );
  const newOrganisations = organisationEntries.filter(
    ([, org]) => !existingOrganisations.has(org.id),
  );
  const newUsers = userEntries.filter(([, user]) => !existingUsers.has(user.id));
  if (newOrganisations.length === 0 && newUsers.length === 0) {
    return { users: 0, organisations: 0 };
  }

  // Hashing is the slow part (scrypt): done before the transaction, and only for missing users.
  const hashes = await Promise.all(
    newUsers.map(([, user]) => hashPassword(user.password, seedSalt(user.email))),
  );

  let added = { users: 0, organisations: 0 };
  await db.transaction(async (tx) => {
    for (const [key, org] of newOrganisations) {
      const details = ORGANISATION_DETAILS[key];
      const inserted = await tx
        .insert(organisations)
        .values({
          id: org.id,
          name: org.name,
          organisationNumber: org.organisationNumber,
          taxIdVatNumber: org.taxIdVatNumber,
          contactName: details.contactName,
          email: details.email,
          invoiceEmail: details.invoiceEmail,
          phone: details.phone,
          externalRef: details.externalRef,
          status: "active",
          creditCheck: false,
          isCreditValid: true,
          storeGroups: ["business"],
          createdAt: SEED_ACCOUNTS_CREATED_AT,
          updatedAt: SEED_ACCOUNTS_CREATED_AT,
        })
        // A company that registered the same number itself keeps it.
        .onConflictDoNothing()
        .returning({ id: organisations.id });
      if (inserted.length === 0) continue;
      added = { ...added, organisations: added.organisations + 1 };
      await tx.insert(addresses).values(
        details.addresses.map((address) => ({
          ...address,
          companyId: org.id,
          isDefault: true,
          shippingType: "standard",
          createdAt: SEED_ACCOUNTS_CREATED_AT,
          updatedAt: SEED_ACCOUNTS_CREATED_AT,
        })),
      );
    }

    // A seed organisation whose number a real signup took first is not there to join.
    const presentOrganisations = new Set(
      (
        await tx
          .select({ id: organisations.id })
          .from(organisations)
          .where(
            inArray(
              organisations.id,
              organisationEntries.map(([, org]) => org.id),
            ),
          )
      ).map((row) => row.id),
    );

    for (const [index, [key, user]] of newUsers.entries()) {
      const details = USER_DETAILS[key];
      const inserted = await tx
        .insert(users)
        .values({
          id: user.id,
          email: user.email,
          passwordHash: hashes[index],
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: details.phoneNumber,
          language: user.language,
          countryCode: user.countryCode,
          market: user.market,
          storeGroup: user.storeGroup,
          role: user.role,
          status: user.status,
          emailVerified: user.emailVerified,
          isSuperAdmin: user.isSuperAdmin,
          street: details.street,
          zipCode: details.zipCode,
          city: details.city,
          allowEmail: details.allowEmail,
          createdAt: SEED_ACCOUNTS_CREATED_AT,
          updatedAt: SEED_ACCOUNTS_CREATED_AT,
        })
        // Someone signed up with a demo address first: that account is theirs.
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length === 0) continue;
      added = { ...added, users: added.users + 1 };
      const memberships = user.organisations
        .map((membership, position) => ({
          userId: user.id,
          organisationId: SEED_ORGANISATIONS[membership.organisation].id,
          role: membership.role,
          level: membership.level,
          createdAt: minutesAfterCreation(position + 1),
        }))
        .filter((membership) => presentOrganisations.has(membership.organisationId));
      if (memberships.length > 0) await tx.insert(organisationMembers).values(memberships);
    }
  });
  return added;
}
