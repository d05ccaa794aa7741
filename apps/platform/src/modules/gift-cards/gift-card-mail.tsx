import { formatMoney } from "@kassa/domain";
import { type MailLanguage, MailLayout, Paragraph, Signature, Title } from "../mail/mail-layout.js";
import { renderMail } from "../mail/render-mail.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

const LOCALES: Record<MailLanguage, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };

const TEXTS: Record<
  MailLanguage,
  {
    subject: (sender: string | null) => string;
    intro: (amount: string, sender: string | null) => string;
    messageFrom: (sender: string | null) => string;
    code: string;
    pin: string;
    validUntil: string;
    howTo: string;
    signature: string[];
  }
> = {
  sv: {
    subject: (sender) =>
      sender ? `${sender} har gett dig ett presentkort` : "Du har fått ett presentkort",
    intro: (amount, sender) =>
      `${sender ? `${sender} har gett dig` : "Du har fått"} ett presentkort på ${amount} att handla för hos Kassa.`,
    messageFrom: (sender) => (sender ? `Hälsning från ${sender}:` : "Hälsning:"),
    code: "Presentkortsnummer",
    pin: "PIN-kod",
    validUntil: "Giltigt till och med",
    howTo: "Ange numret och PIN-koden i kassan när du betalar.",
    signature: ["Vänliga hälsningar", "Kassa"],
  },
  fi: {
    subject: (sender) => (sender ? `${sender} antoi sinulle lahjakortin` : "Sait lahjakortin"),
    intro: (amount, sender) =>
      `${sender ? `${sender} antoi sinulle` : "Sait"} ${amount} lahjakortin Kassan verkkokauppaan.`,
    messageFrom: (sender) => (sender ? `Terveiset lähettäjältä ${sender}:` : "Terveiset:"),
    code: "Lahjakortin numero",
    pin: "PIN-koodi",
    validUntil: "Voimassa",
    howTo: "Anna numero ja PIN-koodi kassalla maksaessasi.",
    signature: ["Ystävällisin terveisin", "Kassa"],
  },
  en: {
    subject: (sender) =>
      sender ? `${sender} sent you a gift card` : "You have received a gift card",
    intro: (amount, sender) =>
      `${sender ? `${sender} sent you` : "You have received"} a gift card of ${amount} to spend at Kassa.`,
    messageFrom: (sender) => (sender ? `A message from ${sender}:` : "A message:"),
    code: "Gift card number",
    pin: "PIN",
    validUntil: "Valid until",
    howTo: "Enter the number and the PIN at checkout when you pay.",
    signature: ["Best regards", "Kassa"],
  },
};

function mailLanguage(code: string): MailLanguage {
  const language = code.toLowerCase();
  return language === "fi" || language === "en" ? language : "sv";
}

/** Groups a card number in fours, as it is printed on a card: `1234 5678 9012 3456`. */
export function groupedCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1 ");
}

export interface IssuedGiftCardMail {
  to: string;
  code: string;
  pin: string;
  amount: number;
  currencyCode: string;
  validUntil: Date;
  templateId: string;
  senderName: string | null;
  message: string | null;
  languageCode: string;
}

/**
 * The mail that brings a bought gift card to its recipient: the amount, the card number and PIN,
 * the last valid day, and the buyer's name and message when given. In the order's language.
 */
export async function issuedGiftCardMail(card: IssuedGiftCardMail): Promise<OutgoingMail> {
  const language = mailLanguage(card.languageCode);
  const texts = TEXTS[language];
  const locale = LOCALES[language];
  const amount = formatMoney(card.amount, card.currencyCode, locale);
  const validUntil = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeZone: "Europe/Stockholm",
  }).format(card.validUntil);
  const details = [
    `${texts.code}: ${groupedCode(card.code)}`,
    `${texts.pin}: ${card.pin}`,
    `${texts.validUntil}: ${validUntil}`,
  ];
  const subject = texts.subject(card.senderName);
  const bodies = await renderMail(
    <MailLayout lang={language} template={card.templateId}>
      <Title>{subject}</Title>
      <Paragraph>{texts.intro(amount, card.senderName)}</Paragraph>
      {card.message ? (
        <Paragraph>{`${texts.messageFrom(card.senderName)}\n${card.message}`}</Paragraph>
      ) : null}
      <Paragraph>{details.join("\n")}</Paragraph>
      <Paragraph>{texts.howTo}</Paragraph>
      <Signature lines={texts.signature} />
    </MailLayout>,
  );
  return { to: card.to, subject, ...bodies };
}
