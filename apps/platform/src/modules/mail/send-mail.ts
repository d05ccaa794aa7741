import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import { type MailOutboxRow, mailOutbox } from "../../db/schema.js";
import type { MailTransport, OutgoingMail } from "./smtp-transport.js";

export interface Mailer {
  /**
   * Stores the mail in the outbox and, with a transport, sends it. Never rejects because of the
   * mail server: a refusal is written to the row's `error`, since the caller's work (a signup, a
   * reset link) is done and the link is in the outbox either way.
   */
  send(mail: OutgoingMail): Promise<MailOutboxRow>;
}

export interface MailerOptions {
  db: Database;
  /** Without one (no SMTP_URL), mails stay in the outbox. */
  transport?: MailTransport;
  clock: Clock;
}

export function createMailer({ db, transport, clock }: MailerOptions): Mailer {
  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ id: randomUUID(), ...mail, createdAt: clock() })
        .returning();
      if (!row) throw new Error("Inserting a mail into the outbox returned no row");
      if (!transport) return row;

      let outcome: Pick<MailOutboxRow, "sentAt" | "error">;
      try {
        await transport.send(mail);
        outcome = { sentAt: clock(), error: null };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`[platform] sending mail ${row.id} failed: ${reason}`);
        outcome = { sentAt: null, error: reason.slice(0, 2000) };
      }
      const [updated] = await db
        .update(mailOutbox)
        .set(outcome)
        .where(eq(mailOutbox.id, row.id))
        .returning();
      return updated ?? row;
    },
  };
}
