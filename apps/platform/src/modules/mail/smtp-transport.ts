import nodemailer from "nodemailer";

/** A mail as it leaves the platform. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
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
      await transporter.sendMail({ from, ...mail });
    },
  };
}
