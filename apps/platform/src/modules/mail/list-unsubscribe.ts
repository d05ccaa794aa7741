import type { MailHeaders } from "./smtp-transport.js";

/**
 * The headers that let a mail program offer its own "unsubscribe" button (RFC 2369) and act on it
 * with one POST, without opening a page (RFC 8058; the large mailbox providers require both of
 * bulk senders). `oneClickUrl` must answer a POST of `List-Unsubscribe=One-Click` (form-encoded, no
 * cookies) by unsubscribing, and a GET by only asking: the storefront's unsubscribe page does both
 * (ADR 0044). Its token is the mail's unsubscribe token, which names one subscription and cannot be
 * guessed.
 *
 * No `mailto:` address: nothing reads the replies to `MAIL_FROM`, and a promise to unsubscribe
 * by mail that nobody keeps is worse than none (RFC 8058 needs only the https URI).
 */
export function listUnsubscribeHeaders(oneClickUrl: string): MailHeaders {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
