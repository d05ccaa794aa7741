/** Mails in the platform's outbox: `GET /dev/mail.json` outside production (DESIGN §4). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The mail's own headers besides From, To, Subject and the MIME ones, as sent: newsletter mail
   * has `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058). `{}` when none.
   */
  headers: Record<string, string>;
  createdAt: string;
}
