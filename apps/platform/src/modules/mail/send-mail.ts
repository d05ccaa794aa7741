import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import { type MailOutboxRow, mailOutbox } from "../../db/schema.js";
import { enqueue } from "../../jobs/job-queue.js";
import type { JobHandler } from "../../jobs/worker.js";
import type { MailTransport, OutgoingMail } from "./smtp-transport.js";

export interface Mailer {
  /**
   * Stores the mail in the outbox and, when mails are delivered (SMTP_URL), queues a `send-mail`
   * job for it in the same transaction; a worker sends it, and retries when the mail server
   * refuses or cannot be reached. The request never waits for the mail server.
   *
   * `db` is the caller's transaction, when the mail belongs with rows it is writing.
   */
  send(mail: OutgoingMail, options?: { db?: Database }): Promise<MailOutboxRow>;
}

export interface MailerOptions {
  db: Database;
  /** Whether mails leave the outbox (SMTP_URL is set). Without, the row is the whole story. */
  deliver: boolean;
  clock: Clock;
}

/** The payload of a `send-mail` job. */
export interface SendMailJob {
  mailId: string;
}

export function createMailer({ db, deliver, clock }: MailerOptions): Mailer {
  const write = async (tx: Database, mail: OutgoingMail) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ id: randomUUID(), ...pickMail(mail), createdAt: clock() })
      .returning();
    if (!row) throw new Error("Inserting a mail into the outbox returned no row");
    if (deliver) await enqueue(tx, "send-mail", { mailId: row.id } satisfies SendMailJob);
    return row;
  };
  return {
    async send(mail, options = {}) {
      if (options.db) return write(options.db, mail);
      return deliver ? db.transaction((tx) => write(tx, mail)) : write(db, mail);
    },
  };
}

/** What of a mail is stored and sent: the fields of `OutgoingMail`, headers always present. */
function pickMail({ to, subject, text, html, headers }: OutgoingMail): Required<OutgoingMail> {
  return { to, subject, text, html, headers: headers ?? {} };
}

/**
 * The `send-mail` job: sends one outbox mail through the transport and records the outcome in
 * its row, `sentAt` or the refusal in `error`. A refusal fails the try, so the queue retries it
 * with backoff; after the last try the row keeps the error (and says so). A mail that is gone
 * (its account was deleted) or already sent (a retry after a worker died mid-job) is skipped.
 */
export function sendMailJob(transport: MailTransport): JobHandler<SendMailJob> {
  return async ({ mailId }, { db, clock, attempt, maxAttempts }) => {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!row || row.sentAt) return;
    try {
      await transport.send(pickMail(row));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = attempt >= maxAttempts ? ` (gave up after ${attempt} tries)` : "";
      await db
        .update(mailOutbox)
        .set({ error: `${reason.slice(0, 2000)}${final}` })
        .where(eq(mailOutbox.id, mailId));
      throw error;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: clock(), error: null })
      .where(eq(mailOutbox.id, mailId));
  };
}
