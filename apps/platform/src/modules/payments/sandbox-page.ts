import type { Checkout, OrderAddress } from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import type { PaymentSessionRow } from "../../db/schema.js";
import { escapeHtml } from "../../escape-html.js";
import type { SandboxProvider } from "./sandbox-provider.js";

type Language = "sv" | "fi" | "en";
const LOCALES: Record<Language, string> = { sv: "sv-SE", fi: "fi-FI", en: "en-GB" };

const TEXTS = {
  sv: {
    title: "Betalning",
    test: "Testmiljö: inga riktiga pengar dras.",
    customer: "Dina uppgifter",
    givenName: "Förnamn",
    familyName: "Efternamn",
    email: "E-post",
    telephoneNumber: "Mobilnummer",
    streetAddress: "Gatuadress",
    postalCode: "Postnummer",
    city: "Ort",
    country: "Land (ISO-kod, t.ex. SE)",
    organizationName: "Företag",
    organizationNumber: "Organisationsnummer",
    decline: "Testa en nekad betalning",
    pay: "Betala",
    declined: "Betalningen nekades av banken. Försök igen.",
    expired: "Köpet har tidsgränsen passerad och kan inte längre slutföras.",
    ended: "Den här betalningen är avslutad.",
    back: "Tillbaka till butiken",
    paused: "Uppdaterar köpet …",
    amountChanged: "Beloppet har ändrats. Kontrollera det nya beloppet och betala igen.",
  },
  fi: {
    title: "Maksu",
    test: "Testiympäristö: oikeaa rahaa ei veloiteta.",
    customer: "Tietosi",
    givenName: "Etunimi",
    familyName: "Sukunimi",
    email: "Sähköposti",
    telephoneNumber: "Matkapuhelin",
    streetAddress: "Katuosoite",
    postalCode: "Postinumero",
    city: "Postitoimipaikka",
    country: "Maa (ISO-koodi, esim. FI)",
    organizationName: "Yritys",
    organizationNumber: "Y-tunnus",
    decline: "Kokeile hylättyä maksua",
    pay: "Maksa",
    declined: "Pankki hylkäsi maksun. Yritä uudelleen.",
    expired: "Ostoksen aikaraja on umpeutunut, eikä sitä voi enää viedä loppuun.",
    ended: "Tämä maksu on päättynyt.",
    back: "Takaisin kauppaan",
    paused: "Päivitetään ostosta …",
    amountChanged: "Summa on muuttunut. Tarkista uusi summa ja maksa uudelleen.",
  },
  en: {
    title: "Payment",
    test: "Test environment: no real money is charged.",
    customer: "Your details",
    givenName: "First name",
    familyName: "Last name",
    email: "Email",
    telephoneNumber: "Mobile number",
    streetAddress: "Street address",
    postalCode: "Postcode",
    city: "City",
    country: "Country (ISO code, e.g. SE)",
    organizationName: "Company",
    organizationNumber: "Organisation number",
    decline: "Try a declined payment",
    pay: "Pay",
    declined: "The bank declined the payment. Please try again.",
    expired: "The purchase has timed out and can no longer be completed.",
    ended: "This payment has ended.",
    back: "Back to the shop",
    paused: "Updating the purchase …",
    amountChanged: "The amount has changed. Check the new amount and pay again.",
  },
} as const;

export function pageLanguage(code: string | undefined): Language {
  const language = (code ?? "").toLowerCase();
  return language === "fi" || language === "en" ? language : "sv";
}

/** Test identities per market, from the providers' public test data (platform contract). */
const TEST_PERSON: Record<string, Partial<OrderAddress>> = {
  SE: {
    givenName: "Testperson-se",
    familyName: "Approved",
    email: "kund@example.se",
    telephoneNumber: "+46765260000",
    streetAddress: "Stårgatan 1",
    postalCode: "12345",
    city: "Ankeborg",
    country: "SE",
  },
  FI: {
    givenName: "Testperson-fi",
    familyName: "Approved",
    email: "asiakas@example.fi",
    telephoneNumber: "+358401234567",
    streetAddress: "Mannerheimintie 1",
    postalCode: "00100",
    city: "Helsinki",
    country: "FI",
  },
};

export interface SandboxPageInput {
  provider: SandboxProvider;
  session: PaymentSessionRow;
  checkout: Checkout;
  embedded: boolean;
  /** What the shopper entered last (after a decline), else the test person. */
  values?: Partial<OrderAddress> & { organizationNumber?: string };
  notice?: SandboxNotice;
  actionUrl: string;
}

/** What the widget tells the shopper above its form. */
export type SandboxNotice = "declined" | "expired" | "ended" | "amountChanged";

/** The widget's HTML: a real page the checkout embeds in an iframe, or shows in full. */
export function sandboxPage(input: SandboxPageInput): string {
  const { provider, session, checkout } = input;
  const language = pageLanguage(checkout.languageCode);
  const t = TEXTS[language];
  const amount = formatMoney(session.amount, session.currencyCode, LOCALES[language]);
  const preset = (
    session.data as { customer?: Partial<OrderAddress> & { organizationNumber?: string } }
  ).customer;
  const values = input.values ?? { ...TEST_PERSON[checkout.countryCode], ...preset };
  const business = provider.businessCustomer?.(session) ?? false;
  const field = (name: keyof typeof t & string, type = "text", autocomplete = "") => {
    const value = (values as Record<string, string | undefined>)[name] ?? "";
    return `<p><label for="${name}">${escapeHtml(t[name])}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${autocomplete ? ` autocomplete="${autocomplete}"` : ""}></p>`;
  };
  const ended = input.notice === "expired" || input.notice === "ended";
  const backUrl = session.urls.checkout ?? session.urls.terms ?? "";
  const notice = input.notice
    ? `<p class="notice" role="alert">${escapeHtml(t[input.notice])}</p>`
    : "";
  const form = ended
    ? backUrl
      ? `<p><a href="${escapeHtml(backUrl)}" target="_top">${escapeHtml(t.back)}</a></p>`
      : ""
    : `<form method="post" action="${escapeHtml(input.actionUrl)}" target="_top">
<input type="hidden" name="amount" value="${session.amount}">
<fieldset><legend>${escapeHtml(t.customer)}</legend>
${business ? field("organizationName", "text", "organization") + field("organizationNumber") : ""}
${field("givenName", "text", "given-name")}
${field("familyName", "text", "family-name")}
${field("email", "email", "email")}
${field("telephoneNumber", "tel", "tel")}
${field("streetAddress", "text", "street-address")}
${field("postalCode", "text", "postal-code")}
${field("city", "text", "address-level2")}
${field("country", "text", "country")}
</fieldset>
<p class="outcomes">
<button type="submit" name="outcome" value="approve">${escapeHtml(t.pay)} ${escapeHtml(amount)}</button>
<button type="submit" name="outcome" value="decline" formtarget="_self" class="secondary">${escapeHtml(t.decline)}</button>
</p>
</form>
${!input.embedded && backUrl ? `<p class="back"><a href="${escapeHtml(backUrl)}">${escapeHtml(t.back)}</a></p>` : ""}`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${provider.label} – ${t.title}`)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:${input.embedded ? "0.5rem" : "2rem 1rem"};color:#1c1917;background:#fff}
main{max-width:32rem;margin:0 auto}
h1{font-size:1.25rem;margin:0 0 .25rem;display:flex;gap:.5rem;align-items:center}
.brand{background:${provider.accent};color:#fff;border-radius:.375rem;padding:.125rem .5rem;font-weight:700}
.test{font-size:.875rem;color:#57534e;margin:0 0 1rem}
fieldset{border:1px solid #d6d3d1;border-radius:.5rem;margin:0 0 1rem;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;font-size:.875rem;margin-bottom:.25rem}
input[type=text],input[type=email],input[type=tel]{box-sizing:border-box;width:100%;padding:.5rem;border:1px solid #78716c;border-radius:.375rem;font:inherit}
input[type=radio]{margin-right:.375rem}
p{margin:0 0 .75rem}
button{width:100%;padding:.75rem;border:0;border-radius:.5rem;background:${provider.accent};color:#fff;font:inherit;font-weight:600;cursor:pointer}
.outcomes{display:grid;gap:.5rem}
button.secondary{background:#fff;color:#1c1917;border:1px solid #78716c;font-weight:500}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.notice{background:#fef2f2;border:1px solid #b91c1c;color:#7f1d1d;border-radius:.5rem;padding:.75rem}
.paused{opacity:.5;pointer-events:none}
.back{margin-top:1rem}
a{color:#1d4ed8}
</style>
</head>
<body>
<main>
<h1><span class="brand">${escapeHtml(provider.label)}</span> ${escapeHtml(t.title)}</h1>
<p class="test">${escapeHtml(t.test)}</p>
${notice}
${form}
</main>
<script src="/sandbox/widget.js" defer></script>
</body>
</html>
`;
}
