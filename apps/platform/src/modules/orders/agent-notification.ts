import { ORDER_CUSTOM_STATES } from "@kassa/domain";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type OrderEventRow,
  orderEvents,
  orderNotes,
  orders,
  organisationMembers,
  organisations,
  users,
} from "../../db/schema.js";
import { enqueue } from "../../jobs/job-queue.js";
import type { JobHandler } from "../../jobs/worker.js";
import { createMailer } from "../mail/send-mail.js";
import { agentDecisionMail, type CustomerDecision } from "./agent-decision-mail.js";

/**
 * The agents hear of a customer's decision (ADR 0012, beyond the spec): a customer who approves,
 * declines or asks for a change makes the order's company's agents a mail with the reason. The
 * storefront sends a decision as several calls (state changes, then the note), so the mail waits a
 * moment and reports everything the customer did meanwhile in one mail.
 */

/** How long after a decision the mail is composed, so a decline and its reason arrive as one. */
export const AGENT_NOTIFICATION_DELAY_MS = 3000;

/** The payload of a `notify-order-agents` job. */
export interface NotifyOrderAgentsJob {
  orderId: string;
}

export interface AgentNotificationSettings {
  /** Base of the order link in the mail (the storefront's URL). */
  storefrontUrl: string;
  /** Where a decision goes when the order has no company or the company has no agents. */
  orderDeskEmail: string;
  /** Whether mails leave the outbox (SMTP_URL is set). */
  deliverMail: boolean;
}

const DECISION_STATES: readonly string[] = [
  ORDER_CUSTOM_STATES.customerApproved,
  ORDER_CUSTOM_STATES.customerDeclined,
];

/** Whether an audit entry is a customer's decision or change request, worth the agents' mail. */
export function isCustomerDecision(event: Pick<OrderEventRow, "kind" | "actor" | "details">) {
  if (event.actor.role !== "customer" || event.actor.type !== "user") return false;
  if (event.kind === "note_added") return true;
  return (
    event.kind === "custom_state_added" && DECISION_STATES.includes(String(event.details.stateId))
  );
}

/**
 * Queues the agents' mail of an order, in the caller's transaction. Queuing it again before it
 * runs is harmless: the first run reports every decision entry not yet mailed, later ones find none.
 */
export async function queueAgentNotification(db: Database, orderId: string): Promise<void> {
  // Due times are the database's (pg-boss), not the platform's clock: tests move only the latter.
  const startAfter = new Date(Date.now() + AGENT_NOTIFICATION_DELAY_MS);
  await enqueue(db, "notify-order-agents", { orderId } satisfies NotifyOrderAgentsJob, {
    startAfter,
  });
}

/** The `notify-order-agents` job. */
export function notifyOrderAgentsJob(
  settings: AgentNotificationSettings,
): JobHandler<NotifyOrderAgentsJob> {
  return async ({ orderId }, { db, clock }) => {
    const mailer = createMailer({ db, deliver: settings.deliverMail, clock });
    await db.transaction(async (tx) => {
      // The lock makes two runs of this job (or two jobs of one order) report each entry once.
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) return;
      const pending = (
        await tx
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, orderId), isNull(orderEvents.notifiedAt)))
          .orderBy(asc(orderEvents.position))
      ).filter(isCustomerDecision);
      if (pending.length === 0) return;

      const noteIds = pending
        .filter((event) => event.kind === "note_added")
        .map((event) => String(event.details.noteId));
      const notes =
        noteIds.length > 0
          ? await tx
              .select()
              .from(orderNotes)
              .where(inArray(orderNotes.id, noteIds))
              .orderBy(asc(orderNotes.position))
          : [];
      const decided = pending.findLast((event) => event.kind === "custom_state_added");
      const decision: CustomerDecision = !decided
        ? "change-requested"
        : decided.details.stateId === ORDER_CUSTOM_STATES.customerApproved
          ? "approved"
          : "declined";
      const [company] = order.organisationId
        ? await tx
            .select({ name: organisations.name })
            .from(organisations)
            .where(eq(organisations.id, order.organisationId))
        : [];
      const agents = order.organisationId
        ? await tx
            .select({ email: users.email, firstName: users.firstName, language: users.language })
            .from(organisationMembers)
            .innerJoin(users, eq(users.id, organisationMembers.userId))
            .where(
              and(
                eq(organisationMembers.organisationId, order.organisationId),
                eq(organisationMembers.role, "agent"),
                ne(users.status, "deleted"),
              ),
            )
        : [];
      const recipients =
        agents.length > 0
          ? agents
          : [{ email: settings.orderDeskEmail, firstName: "", language: order.languageCode }];
      const last = pending.at(-1) as OrderEventRow;
      for (const recipient of recipients) {
        await mailer.send(
          await agentDecisionMail({
            to: recipient.email,
            recipientName: recipient.firstName,
            language: recipient.language,
            decision,
            customerName: last.actor.name,
            companyName: company?.name ?? null,
            orderReference: String(order.reference),
            decidedAt: last.at,
            notes: notes.map((note) => note.text),
            orderUrl: `${settings.storefrontUrl}/my-account/orders/${order.id}`,
          }),
          { db: tx },
        );
      }
      await tx
        .update(orderEvents)
        .set({ notifiedAt: clock() })
        .where(
          inArray(
            orderEvents.id,
            pending.map((event) => event.id),
          ),
        );
    });
  };
}
