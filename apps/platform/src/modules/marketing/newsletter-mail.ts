import type { NewsletterLanguage } from "@kassa/api-client";
import { composeLinkMail } from "../mail/compose-mail.js";
import { listUnsubscribeHeaders } from "../mail/list-unsubscribe.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

interface ConfirmationTexts {
  subject: string;
  greeting: string;
  before: string[];
  linkLabel: string;
  after: string[];
  signature: string[];
  unsubscribe: { text: string; linkLabel: string };
}

/**
 * The double opt-in mail, in the language of the sign-up (the account mails' layout: greeting,
 * text, the link, text, signature), with the unsubscribe link under the signature. A contact has
 * no name yet, so the greeting has none either.
 */
const CONFIRMATION: Record<NewsletterLanguage, ConfirmationTexts> = {
  sv: {
    subject: "Bekräfta din prenumeration på Kassas nyhetsbrev",
    greeting: "Hej!",
    before: [
      "Tack för att du vill prenumerera på Kassas nyhetsbrev. Bekräfta din prenumeration genom att öppna länken nedan:",
    ],
    linkLabel: "Bekräfta prenumerationen",
    after: [
      "Länken gäller i 7 dagar. Om du inte har anmält dig kan du bortse från det här mejlet: utan bekräftelse skickar vi inga nyhetsbrev.",
    ],
    signature: ["Vänliga hälsningar", "Kassa"],
    unsubscribe: {
      text: "Vill du inte få mejl från oss? Avsluta prenumerationen här:",
      linkLabel: "Avsluta prenumerationen",
    },
  },
  fi: {
    subject: "Vahvista Kassan uutiskirjeen tilaus",
    greeting: "Hei!",
    before: [
      "Kiitos, että haluat tilata Kassan uutiskirjeen. Vahvista tilauksesi avaamalla alla oleva linkki:",
    ],
    linkLabel: "Vahvista tilaus",
    after: [
      "Linkki on voimassa 7 päivää. Jos et tilannut uutiskirjettä, voit jättää tämän viestin huomiotta: ilman vahvistusta emme lähetä uutiskirjeitä.",
    ],
    signature: ["Ystävällisin terveisin", "Kassa"],
    unsubscribe: {
      text: "Etkö halua sähköpostia meiltä? Peru tilaus tästä:",
      linkLabel: "Peru tilaus",
    },
  },
  en: {
    subject: "Confirm your subscription to the Kassa newsletter",
    greeting: "Hi,",
    before: [
      "Thank you for subscribing to the Kassa newsletter. Confirm your subscription by opening the link below:",
    ],
    linkLabel: "Confirm subscription",
    after: [
      "The link is valid for 7 days. If you did not sign up, you can ignore this email: without a confirmation we send no newsletters.",
    ],
    signature: ["Best regards", "Kassa"],
    unsubscribe: {
      text: "Don't want emails from us? Unsubscribe here:",
      linkLabel: "Unsubscribe",
    },
  },
};

/** A storefront page that takes a mail's token and posts it to the platform. */
function storefrontLink(storefrontUrl: string, path: string, token: string): string {
  return `${storefrontUrl}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * The confirmation mail: `${STOREFRONT_URL}/newsletter/confirm?token=…`, and under the signature
 * `${STOREFRONT_URL}/newsletter/unsubscribe?token=…`, which the `List-Unsubscribe` header names as
 * well (one-click, RFC 8058).
 *
 * It is the only mail the shop sends about its newsletter (the newsletters themselves go out from
 * the marketing provider, which writes its own headers), so it is the one that carries the list
 * headers: a reader who did not sign up can leave from the mail program's own button.
 */
export async function newsletterConfirmationMail(
  to: string,
  lang: NewsletterLanguage,
  tokens: { confirm: string; unsubscribe: string },
  storefrontUrl: string,
): Promise<OutgoingMail> {
  const texts = CONFIRMATION[lang];
  const unsubscribeLink = storefrontLink(
    storefrontUrl,
    "/newsletter/unsubscribe",
    tokens.unsubscribe,
  );
  return composeLinkMail({
    to,
    lang,
    subject: texts.subject,
    greeting: texts.greeting,
    before: texts.before,
    link: storefrontLink(storefrontUrl, "/newsletter/confirm", tokens.confirm),
    linkLabel: texts.linkLabel,
    after: texts.after,
    signature: texts.signature,
    footer: {
      text: texts.unsubscribe.text,
      link: unsubscribeLink,
      linkLabel: texts.unsubscribe.linkLabel,
    },
    headers: listUnsubscribeHeaders(unsubscribeLink),
  });
}
