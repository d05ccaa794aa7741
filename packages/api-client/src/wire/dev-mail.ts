/** Mails in the platform's outbox: `GET /dev/mail.json` outside production (DESIGN §4). */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}
