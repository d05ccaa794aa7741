import { createHash } from "node:crypto";
import { and, inArray, ne } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import { addresses, organisationMembers, organisations, users } from "../db/schema.js";
import { hashPassword } from "../modules/accounts/password-hash.js";
import { plannedOrganisations, plannedUsers } from "./account-plan.js";
import { SEED_PASSWORD } from "./fixtures.js";

export interface AccountSeedResult {
  users: number;
  organisations: number;
}

/**
 * The seed has no randomness, and hashes the demo password once: every demo user gets the same
 * hash (scrypt is slow on purpose, ADR 0035). A shared salt only matters if the hashes leak, and
 * these users share a published password anyway.
 */
const SEED_SALT = createHash("sha256").update("kassa-seed:demo-password").digest().subarray(0, 16);

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 200;

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Adds the demo organisations and users that are missing (hand-written and generated, see
 * `account-plan.ts`), and nothing else: existing rows are never changed, so a demo user's changed
 * password or deleted account stays as it is (`pnpm seed -- --reset` brings them back).
 * Memberships and addresses are only added together with the user or organisation they belong
 * to: a deleted demo account does not get its company back, and a database seeded before a demo
 * company existed gets that company with its members (the agent's new companies).
 */
export async function seedAccounts(db: Database): Promise<AccountSeedResult> {
  const organisationPlan = plannedOrganisations();
  const userPlan = plannedUsers();

  const idsIn = async (table: typeof users | typeof organisations, ids: string[]) =>
    new Set(
      (await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map(
        (row) => row.id,
      ),
    );
  const existingOrganisations = await idsIn(
    organisations,
    organisationPlan.map((org) => org.row.id),
  );
  const existingUsers = await idsIn(
    users,
    userPlan.map((user) => user.row.id),
  );
  const newOrganisations = organisationPlan.filter((org) => !existingOrganisations.has(org.row.id));
  const newUsers = userPlan.filter((user) => !existingUsers.has(user.row.id));
  if (newOrganisations.length === 0 && newUsers.length === 0) {
    return { users: 0, organisations: 0 };
  }

  // Hashing is the slow part (scrypt): done before the transaction, once, and only when a user is
  // missing.
  const passwordHash = newUsers.length > 0 ? await hashPassword(SEED_PASSWORD, SEED_SALT) : "";

  return db.transaction(async (tx) => {
    const addedOrganisations = new Set<string>();
    for (const org of newOrganisations) {
      const inserted = await tx
        .insert(organisations)
        .values(org.row)
        // A company that registered the same number itself keeps it.
        .onConflictDoNothing()
        .returning({ id: organisations.id });
      if (inserted.length > 0) addedOrganisations.add(org.row.id);
    }
    await insertInBatches(
      newOrganisations
        .filter((org) => addedOrganisations.has(org.row.id))
        .flatMap((org) => org.addresses),
      (batch) => tx.insert(addresses).values(batch),
    );

    const addedUsers = new Set<string>();
    await insertInBatches(newUsers, async (batch) => {
      const inserted = await tx
        .insert(users)
        .values(batch.map((user) => ({ ...user.row, passwordHash })))
        // Someone signed up with a demo address first: that account is theirs.
        .onConflictDoNothing()
        .returning({ id: users.id });
      for (const row of inserted) addedUsers.add(row.id);
    });

    // A seed organisation whose number a real signup took first is not there to join, and a
    // deleted demo account joins nothing.
    const presentOrganisations = new Set(
      (
        await tx
          .select({ id: organisations.id })
          .from(organisations)
          .where(
            inArray(
              organisations.id,
              organisationPlan.map((org) => org.row.id),
            ),
          )
      ).map((row) => row.id),
    );
    const liveUsers = new Set(
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              inArray(
                users.id,
                userPlan.map((user) => user.row.id),
              ),
              ne(users.status, "deleted"),
            ),
          )
      ).map((row) => row.id),
    );
    const memberships = userPlan.flatMap((user) =>
      user.memberships.filter(
        (membership) =>
          (addedUsers.has(membership.userId) ||
            addedOrganisations.has(membership.organisationId)) &&
          liveUsers.has(membership.userId) &&
          presentOrganisations.has(membership.organisationId),
      ),
    );
    await insertInBatches(memberships, (batch) =>
      tx.insert(organisationMembers).values(batch).onConflictDoNothing(),
    );
    return { users: addedUsers.size, organisations: addedOrganisations.size };
  });
}
