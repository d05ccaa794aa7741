import {
  ActionButton,
  FooterLink,
  type MailLanguage,
  MailLayout,
  Paragraph,
  Signature,
} from "./mail-layout.js";
import { renderMail } from "./render-mail.js";
import type { MailHeaders, OutgoingMail } from "./smtp-transport.js";

/** A mail that asks the reader to follow one link: greeting, text, the link, text, signature. */
export interface LinkMailContent {
  to: string;
  /** The reader's language, the one all the texts below are in. */
  lang: MailLanguage;
  subject: string;
  greeting: string;
  before: string[];
  link: string;
  /** The button text of the HTML part (and the label before the link in the text part). */
  linkLabel: string;
  after: string[];
  signature: string[];
  /**
   * A second, smaller link after the signature (a newsletter's unsubscribe link): `text`, then a
   * link named `linkLabel` (in the text part: the label, then the address).
   */
  footer?: { text: string; link: string; linkLabel: string };
  /** Headers the mail carries besides the usual ones (`List-Unsubscribe`, …). */
  headers?: MailHeaders;
}

function LinkMail({ content }: { content: LinkMailContent }) {
  return (
    <MailLayout lang={content.lang}>
      {[content.greeting, ...content.before].map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <ActionButton href={content.link} label={content.linkLabel} />
      {content.after.map((paragraph) => (
        <Paragraph key={paragraph}>{paragraph}</Paragraph>
      ))}
      <Signature lines={content.signature} />
      {content.footer ? (
        <FooterLink
          text={content.footer.text}
          href={content.footer.link}
          label={content.footer.linkLabel}
        />
      ) : null}
    </MailLayout>
  );
}

/**
 * Writes the HTML and text parts from one template, so both always carry the same link. The text
 * part spells the link out, because some readers (and `/dev/mail`) only show text.
 */
export async function composeLinkMail(content: LinkMailContent): Promise<OutgoingMail> {
  const bodies = await renderMail(<LinkMail content={content} />);
  return {
    to: content.to,
    subject: content.subject,
    ...bodies,
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
