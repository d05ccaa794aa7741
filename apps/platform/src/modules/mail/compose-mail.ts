import { escapeHtml } from "../../escape-html.js";
import type { OutgoingMail } from "./smtp-transport.js";

/** A mail that asks the reader to follow one link: greeting, text, the link, text, signature. */
export interface LinkMailContent {
  to: string;
  subject: string;
  greeting: string;
  before: string[];
  link: string;
  /** The button text of the HTML part. */
  linkLabel: string;
  after: string[];
  signature: string[];
  /**
   * A second, smaller link after the signature (a newsletter's unsubscribe link): `text`, then the
   * link, spelled out in the text part and as a link named `linkLabel` in the HTML part.
   */
  footer?: { text: string; link: string; linkLabel: string };
}

/**
 * Writes the text and HTML parts from the same paragraphs, so both always carry the same link. The
 * text part spells the link out, because some readers (and `/dev/mail`) only show text.
 */
export function composeLinkMail(content: LinkMailContent): OutgoingMail {
  const text = [
    content.greeting,
    ...content.before,
    content.link,
    ...content.after,
    content.signature.join("\n"),
    ...(content.footer ? [`${content.footer.text}\n${content.footer.link}`] : []),
  ].join("\n\n");
  const paragraph = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const href = escapeHtml(content.link);
  const html = `<!doctype html>
<html>
<body style="font-family: system-ui, sans-serif; color: #1b1f23; line-height: 1.5">
${[content.greeting, ...content.before].map(paragraph).join("\n")}
<p><a href="${href}" style="display: inline-block; padding: 0.6em 1.2em; background: #1f4e79; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(content.linkLabel)}</a></p>
<p style="font-size: 0.9em; color: #57606a">${href}</p>
${content.after.map(paragraph).join("\n")}
<p>${content.signature.map(escapeHtml).join("<br>")}</p>
${content.footer ? footerHtml(content.footer) : ""}</body>
</html>
`;
  return { to: content.to, subject: content.subject, text, html };
}

function footerHtml(footer: NonNullable<LinkMailContent["footer"]>): string {
  const link = `<a href="${escapeHtml(footer.link)}" style="color: #57606a">${escapeHtml(footer.linkLabel)}</a>`;
  return `<p style="font-size: 0.85em; color: #57606a">${escapeHtml(footer.text)} ${link}</p>\n`;
}
