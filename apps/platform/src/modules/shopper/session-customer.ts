import type { SessionCustomer } from "@kassa/api-client";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  organisationMembers,
  organisations,
  type ShopperSessionRow,
  shopperSessions,
} from "../../db/schema.js";
import { forbidden, notFound, unauthorized } from "../../http/http-error.js";
import { userOfAccessToken } from "../accounts/require-user.js";
import { findSession } from "./sessions.js";

/**
 * `PUT` / `DELETE /shopper/sessions/customer` (ADR 0012): whose session this is, proven by the
 * user's access token, and which company they order for, checked against their memberships. An
 * order placed from the session belongs to that user and company; nothing a client writes in the
 * session's attributes can make it so.
 */

export const sessionCustomerBody = z.object({
  accessToken: z.string().min(1).max(4096),
  organisationId: z.string().trim().min(1).max(100).optional(),
});

export type SessionCustomerInput = z.output<typeof sessionCustomerBody>;

/** The session's customer link as the wire has it, or null. */
export async function sessionCustomerOf(
  db: Database,
  session: Pick<ShopperSessionRow, "customerUserId" | "customerOrganisationId">,
): Promise<SessionCustomer | null> {
  if (!session.customerUserId) return null;
  return {
    userId: session.customerUserId,
    organisationId: session.customerOrganisationId,
    onBehalf: await isOnBehalf(db, session.customerUserId, session.customerOrganisationId),
  };
}

/** An order for a company by someone who is not its customer (an agent, a super admin). */
export async function isOnBehalf(
  db: Database,
  userId: string,
  organisationId: string | null,
): Promise<boolean> {
  if (!organisationId) return false;
  const [membership] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.userId, userId),
        eq(organisationMembers.organisationId, organisationId),
      ),
    );
  return membership?.role !== "customer";
}

/**
 * Links the session to the token's user and, when given, one of their organisations (or any for a
 * super admin). The cart's revision moves on only when the link changes, so a checkout started for
 * someone else can no longer be paid, while repeating the same link changes nothing.
 */
export async function linkSessionCustomer(
  db: Database,
  sessionId: string,
  input: SessionCustomerInput,
  { secret, now }: { secret: string; now: Date },
): Promise<SessionCustomer> {
  const user = await userOfAccessToken(db, input.accessToken, secret, now);
  if (!user) throw unauthorized("The access token is not valid");
  const organisationId = input.organisationId ?? null;
  if (organisationId) {
    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    if (!organisation) throw notFound("organisation not found");
    const [membership] = await db
      .select({ role: organisationMembers.role })
      .from(organisationMembers)
      .where(
        and(
          eq(organisationMembers.userId, user.id),
          eq(organisationMembers.organisationId, organisationId),
        ),
      );
    if (!membership && !user.isSuperAdmin) {
      throw forbidden("The user may not order for this organisation");
    }
  }
  await setLink(db, sessionId, { userId: user.id, organisationId }, now);
  return {
    userId: user.id,
    organisationId,
    onBehalf: await isOnBehalf(db, user.id, organisationId),
  };
}

/** Unlinks the session (a visitor's checkout). */
export async function unlinkSessionCustomer(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<void> {
  await setLink(db, sessionId, { userId: null, organisationId: null }, now);
}

async function setLink(
  db: Database,
  sessionId: string,
  link: { userId: string | null; organisationId: string | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await findSession(tx, sessionId, { forUpdate: true });
    if (
      session.customerUserId === link.userId &&
      session.customerOrganisationId === link.organisationId
    ) {
      return;
    }
    await tx
      .update(shopperSessions)
      .set({
        customerUserId: link.userId,
        customerOrganisationId: link.organisationId,
        revision: sql`${shopperSessions.revision} + 1`,
        updatedAt: now,
      })
      .where(eq(shopperSessions.id, sessionId));
  });
}
