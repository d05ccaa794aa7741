import type { OutboxMail } from "@kassa/api-client";
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type MailOutboxRow, mailOutbox } from "../../db/schema.js";

/** The outbox, newest first; `to` narrows it to one address (compared in lower case). */
export async function listOutbox(
  db: Database,
  { to }: { to?: string } = {},
): Promise<MailOutboxRow[]> {
  const query = db.select().from(mailOutbox);
  const filtered = to ? query.where(eq(mailOutbox.to, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.position));
}

/** A mail as `/dev/mail.json` answers it. */
export function outboxMailReply(row: MailOutboxRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Deletes every stored mail to an address (account deletion erases them with the account). */
export async function deleteMailsTo(db: Database, address: string): Promise<void> {
  await db.delete(mailOutbox).where(eq(mailOutbox.to, address));
}
