import type { PlacedOrder } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { type MailLanguage, MailLayout, Paragraph, Signature, Title } from "../mail/mail-layout.js";
import { renderMail } from "../mail/render-mail.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

const LOCALES: Record<MailLanguage, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };

const TEXTS: Record<
  MailLanguage,
  {
    subject: (reference: string) => string;
    greeting: (name: string) => string;
    intro: string;
    total: string;
    giftCards: string;
    paid: string;
    deliverTo: string;
    signature: string[];
  }
> = {
  sv: {
    subject: (reference) => `Orderbekräftelse ${reference}`,
    greeting: (name) => `Hej ${name}!`,
    intro: "Tack för din beställning. Vi har tagit emot den och skickar den så snart vi kan.",
    total: "Totalt",
    giftCards: "Presentkort",
    paid: "Betalt",
    deliverTo: "Leveransadress",
    signature: ["Vänliga hälsningar", "Kassa"],
  },
  fi: {
    subject: (reference) => `Tilausvahvistus ${reference}`,
    greeting: (name) => `Hei ${name}!`,
    intro: "Kiitos tilauksestasi. Olemme vastaanottaneet sen ja lähetämme sen mahdollisimman pian.",
    total: "Yhteensä",
    giftCards: "Lahjakortit",
    paid: "Maksettu",
    deliverTo: "Toimitusosoite",
    signature: ["Ystävällisin terveisin", "Kassa"],
  },
  en: {
    subject: (reference) => `Order confirmation ${reference}`,
    greeting: (name) => `Hi ${name},`,
    intro: "Thank you for your order. We have received it and will send it as soon as we can.",
    total: "Total",
    giftCards: "Gift cards",
    paid: "Paid",
    deliverTo: "Delivery address",
    signature: ["Best regards", "Kassa"],
  },
};

function mailLanguage(code: string): MailLanguage {
  const language = code.toLowerCase();
  return language === "fi" || language === "en" ? language : "sv";
}

/** The order confirmation mail, in the language the shopper shopped in. */
export async function orderConfirmationMail(
  order: PlacedOrder,
  languageCode: string,
): Promise<OutgoingMail> {
  const language = mailLanguage(languageCode);
  const texts = TEXTS[language];
  const money = (amount: number) => formatMoney(amount, order.currencyCode, LOCALES[language]);
  const lines = order.lines.map(
    (line) => `${line.quantity} × ${line.displayName}: ${money(line.totalPriceAmount)}`,
  );
  const sums = [
    `${texts.total}: ${money(order.totals.grandTotal)}`,
    ...(order.totals.giftCardTotal > 0
      ? [`${texts.giftCards}: −${money(order.totals.giftCardTotal)}`]
      : []),
    `${texts.paid}: ${money(order.totals.amountToPay)}`,
  ];
  const address = order.shippingAddress;
  const addressLines = [
    `${address.givenName} ${address.familyName}`,
    address.streetAddress,
    `${address.postalCode} ${address.city}`,
  ];
  const subject = texts.subject(order.reference);
  const bodies = await renderMail(
    <MailLayout lang={language}>
      <Paragraph>{texts.greeting(order.billingAddress.givenName)}</Paragraph>
      <Paragraph>{texts.intro}</Paragraph>
      <Title>{subject}</Title>
      <Paragraph>{lines.join("\n")}</Paragraph>
      <Paragraph>{sums.join("\n")}</Paragraph>
      <Paragraph>{`${texts.deliverTo}:\n${addressLines.join("\n")}`}</Paragraph>
      <Signature lines={texts.signature} />
    </MailLayout>,
  );
  return { to: order.email, subject, ...bodies };
}
