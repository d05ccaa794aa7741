import type { MailOutboxRow } from "../../db/schema.js";
import { escapeHtml } from "../../escape-html.js";

/** http(s) links in plain text; quotes and angle brackets end a link. */
const LINK = /https?:\/\/[^\s<>"']+/g;

/**
 * Plain text as HTML with its links clickable. Every piece, the links included, is escaped, so a
 * mail's text can never add markup to the page.
 */
export function linkify(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * A mail's own headers (`List-Unsubscribe`, …), one per line as they go on the wire, links
 * clickable; nothing for a mail without any.
 */
function headerList(headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(
    ([name, value]) => `<code>${escapeHtml(name)}: ${linkify(value)}</code>`,
  );
  return lines.length ? `  <p class="headers">${lines.join("<br>")}</p>\n` : "";
}

/**
 * The outbox as a page a person can read and click through (DESIGN §4). Only the text part is
 * shown: it carries the same links as the HTML part, and rendering mail HTML inside this page
 * would let one mail restyle or script the others.
 */
export function renderOutboxPage(mails: MailOutboxRow[], filter?: string): string {
  const heading = filter ? `Outbox: mails to ${escapeHtml(filter)}` : "Outbox";
  const items = mails.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time> · ${
    mail.sentAt
      ? "sent by SMTP"
      : mail.error
        ? `SMTP failed: ${escapeHtml(mail.error)}`
        : "not sent (no SMTP)"
  }</p>
${headerList(mail.headers)}  <pre>${linkify(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} · Kassa platform</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1b1f23; }
article { border: 1px solid #d0d7de; border-radius: 6px; padding: 0 1rem; margin: 1rem 0; }
.meta { color: #57606a; font-size: 0.9rem; }
.headers { font-size: 0.85rem; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; }
</style>
</head>
<body>
<h1>${heading}</h1>
<p>${mails.length === 1 ? "1 mail" : `${mails.length} mails`}, newest first. The same as JSON: <a href="/dev/mail.json">/dev/mail.json</a>.</p>
${items.length ? items.join("\n") : "<p>No mails yet.</p>"}
</body>
</html>
`;
}
