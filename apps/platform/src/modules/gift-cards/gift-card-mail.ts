import { formatMoney } from "@kassa/domain";
import { escapeHtml } from "../../escape-html.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

type MailLanguage = "sv" | "fi" | "en";

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
export function issuedGiftCardMail(card: IssuedGiftCardMail): OutgoingMail {
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
  const paragraphs = [
    texts.intro(amount, card.senderName),
    ...(card.message ? [`${texts.messageFrom(card.senderName)}\n${card.message}`] : []),
    details.join("\n"),
    texts.howTo,
    texts.signature.join("\n"),
  ];
  const subject = texts.subject(card.senderName);
  const paragraph = (value: string) => `<p>${escapeHtml(value).replaceAll("\n", "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: system-ui, sans-serif; color: #1b1f23; line-height: 1.5" data-template="${escapeHtml(card.templateId)}">
<h1 style="font-size: 1.2em">${escapeHtml(subject)}</h1>
${paragraphs.map(paragraph).join("\n")}
</body>
</html>
`;
  return { to: card.to, subject, text: paragraphs.join("\n\n"), html };
}
