import nodemailer from "nodemailer";

/**
 * Headers a mail carries besides those the transport writes (From, To, Subject, Date, MIME):
 * `List-Unsubscribe` and `List-Unsubscribe-Post` on newsletter mail (ADR 0044). Names as written
 * on the wire; one value each.
 */
export type MailHeaders = Record<string, string>;

/** A mail as it leaves the platform. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Kept in the outbox with the mail and sent with it. */
  headers?: MailHeaders;
}

/** Hands a mail to a mail server; rejects when the server does not accept it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Short timeouts: mails are sent by the job worker, which retries later, so a mail server that
 * does not answer should free the worker soon rather than hold it for minutes (nodemailer's
 * defaults are 2 min and 10 min). The `send-mail` job's lease is well above these.
 */
const TIMEOUT_MS = 10_000;

/** Sends through the SMTP server of `smtp://user:pass@host:port` (`smtps://` for TLS from the start). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    async send(mail) {
      const { headers, ...parts } = mail;
      await transporter.sendMail({ from, ...parts, headers: preparedHeaders(headers ?? {}) });
    },
  };
}

/**
 * The headers as the outbox shows them, one line each: `prepared` keeps nodemailer from folding a
 * long `List-Unsubscribe` after its colon (legal, but then the wire is not what the outbox shows).
 * Our values are ASCII (URLs of base64url tokens); a line break would start a header of its own,
 * so one is refused rather than sent.
 */
function preparedHeaders(headers: MailHeaders): Record<string, { prepared: true; value: string }> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (/[\r\n]/.test(name + value)) throw new Error(`Mail header ${name} has a line break`);
      return [name, { prepared: true, value }];
    }),
  );
}
