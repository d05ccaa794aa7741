import type { PlacedOrder } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { escapeHtml } from "../../escape-html.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

type MailLanguage = "sv" | "fi" | "en";

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
export function orderConfirmationMail(order: PlacedOrder, languageCode: string): OutgoingMail {
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
  const text = [
    texts.greeting(order.billingAddress.givenName),
    texts.intro,
    `${texts.subject(order.reference)}`,
    lines.join("\n"),
    sums.join("\n"),
    `${texts.deliverTo}:\n${addressLines.join("\n")}`,
    texts.signature.join("\n"),
  ].join("\n\n");
  const paragraph = (value: string) => `<p>${escapeHtml(value).replaceAll("\n", "<br>")}</p>`;
  const html = `<!doctype html>
<html lang="${language}">
<body style="font-family: system-ui, sans-serif; color: #1b1f23; line-height: 1.5">
${[texts.greeting(order.billingAddress.givenName), texts.intro].map(paragraph).join("\n")}
<h1 style="font-size: 1.2em">${escapeHtml(texts.subject(order.reference))}</h1>
${paragraph(lines.join("\n"))}
${paragraph(sums.join("\n"))}
${paragraph(`${texts.deliverTo}:\n${addressLines.join("\n")}`)}
${paragraph(texts.signature.join("\n"))}
</body>
</html>
`;
  return { to: order.email, subject: texts.subject(order.reference), text, html };
}
