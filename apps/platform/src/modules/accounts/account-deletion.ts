import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { organisationMembers, type UserRow, users, wishlists } from "../../db/schema.js";
import { deleteMailsTo } from "../mail/outbox.js";
import { revokeTokens } from "./account-tokens.js";
import { clearAccountFailures } from "./login-rate-limit.js";

/**
 * The address a deleted account keeps: unique (the id is), never deliverable (`.invalid` is
 * reserved), and not the person's, so the real address is free for a new signup.
 */
export function deletedEmail(userId: string): string {
  return `deleted+${userId.toLowerCase()}@invalid.kassa`;
}

/**
 * Deletes an account (docs/decisions/0004-account-deletion.md). The row stays, so that records
 * that must be kept (orders, once they exist) can still name a user id, but everything personal
 * in it is erased. Tokens, memberships, the wishlist, queued mails and login counts of the account
 * go. The organisations it belonged to stay as they are: they belong to the company and its other
 * users.
 */
export async function deleteAccount(db: Database, user: UserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: deletedEmail(user.id),
        passwordHash: null,
        firstName: "",
        lastName: "",
        phoneNumber: "",
        street: "",
        zipCode: "",
        city: "",
        allowEmail: false,
        allowSms: false,
        allowPostal: false,
        // Preferences too: they say where and how the person shopped.
        language: "SV",
        countryCode: "SE",
        market: "SE",
        storeGroup: "default",
        emailVerified: false,
        isSuperAdmin: false,
        status: "deleted",
        // Ends the access tokens already handed out, not only the refresh tokens.
        tokenVersion: sql`${users.tokenVersion} + 1`,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await revokeTokens(tx, user.id);
    await tx.delete(organisationMembers).where(eq(organisationMembers.userId, user.id));
    await tx.delete(wishlists).where(eq(wishlists.userId, user.id));
    await deleteMailsTo(tx, user.email);
    await clearAccountFailures(tx, user.email);
  });
}
