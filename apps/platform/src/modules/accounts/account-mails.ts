import type { UserRow } from "../../db/schema.js";
import { composeLinkMail } from "../mail/compose-mail.js";
import type { MailLanguage } from "../mail/mail-layout.js";
import type { OutgoingMail } from "../mail/smtp-transport.js";

interface LinkMailTexts {
  subject: string;
  greeting: (firstName: string) => string;
  before: string[];
  linkLabel: string;
  after: string[];
  signature: string[];
}

/** The user's language (`SV`, `FI`, `EN`); Swedish, the shop's default, for anything else. */
function mailLanguage(user: Pick<UserRow, "language">): MailLanguage {
  const language = user.language.toLowerCase();
  return language === "fi" || language === "en" ? language : "sv";
}

const greetings: Record<MailLanguage, (firstName: string) => string> = {
  sv: (name) => (name ? `Hej ${name}!` : "Hej!"),
  fi: (name) => (name ? `Hei ${name}!` : "Hei!"),
  en: (name) => (name ? `Hi ${name},` : "Hi,"),
};

const signatures: Record<MailLanguage, string[]> = {
  sv: ["Vänliga hälsningar", "Kassa"],
  fi: ["Ystävällisin terveisin", "Kassa"],
  en: ["Best regards", "Kassa"],
};

const VERIFY: Record<MailLanguage, LinkMailTexts> = {
  sv: {
    subject: "Bekräfta din e-postadress",
    greeting: greetings.sv,
    before: [
      "Tack för att du skapade ett konto hos Kassa. Bekräfta din e-postadress genom att öppna länken nedan:",
    ],
    linkLabel: "Bekräfta e-postadressen",
    after: [
      "Länken gäller i 24 timmar. Om du inte har skapat något konto kan du bortse från det här mejlet.",
    ],
    signature: signatures.sv,
  },
  fi: {
    subject: "Vahvista sähköpostiosoitteesi",
    greeting: greetings.fi,
    before: [
      "Kiitos, että loit tilin Kassaan. Vahvista sähköpostiosoitteesi avaamalla alla oleva linkki:",
    ],
    linkLabel: "Vahvista sähköpostiosoite",
    after: [
      "Linkki on voimassa 24 tuntia. Jos et luonut tiliä, voit jättää tämän viestin huomiotta.",
    ],
    signature: signatures.fi,
  },
  en: {
    subject: "Confirm your email address",
    greeting: greetings.en,
    before: [
      "Thank you for creating a Kassa account. Confirm your email address by opening the link below:",
    ],
    linkLabel: "Confirm email address",
    after: [
      "The link is valid for 24 hours. If you did not create an account, you can ignore this email.",
    ],
    signature: signatures.en,
  },
};

const RESET: Record<MailLanguage, LinkMailTexts> = {
  sv: {
    subject: "Återställ ditt lösenord",
    greeting: greetings.sv,
    before: [
      "Vi har fått en begäran om att återställa lösenordet till ditt konto hos Kassa. Välj ett nytt lösenord via länken nedan:",
    ],
    linkLabel: "Välj nytt lösenord",
    after: [
      "Länken gäller i en timme och kan bara användas en gång. Om du inte har bett om ett nytt lösenord kan du bortse från det här mejlet. Ditt lösenord är oförändrat.",
    ],
    signature: signatures.sv,
  },
  fi: {
    subject: "Palauta salasanasi",
    greeting: greetings.fi,
    before: [
      "Saimme pyynnön palauttaa Kassa-tilisi salasanan. Valitse uusi salasana alla olevan linkin kautta:",
    ],
    linkLabel: "Valitse uusi salasana",
    after: [
      "Linkki on voimassa tunnin, ja sitä voi käyttää vain kerran. Jos et pyytänyt uutta salasanaa, voit jättää tämän viestin huomiotta. Salasanasi on ennallaan.",
    ],
    signature: signatures.fi,
  },
  en: {
    subject: "Reset your password",
    greeting: greetings.en,
    before: [
      "We received a request to reset the password of your Kassa account. Choose a new password through the link below:",
    ],
    linkLabel: "Choose a new password",
    after: [
      "The link is valid for one hour and works once. If you did not ask for a new password, you can ignore this email. Your password has not changed.",
    ],
    signature: signatures.en,
  },
};

/**
 * The link of a "send the verification link again" that could not show which signup it made:
 * confirming means choosing the password (see `createVerifyLink`), so the mail says so.
 */
const CONFIRM_WITH_PASSWORD: Record<MailLanguage, LinkMailTexts> = {
  sv: {
    subject: "Bekräfta din e-postadress och välj lösenord",
    greeting: greetings.sv,
    before: [
      "Någon bad om en ny bekräftelselänk till den här adressen hos Kassa. Bekräfta din e-postadress genom att välja ett lösenord via länken nedan:",
    ],
    linkLabel: "Bekräfta och välj lösenord",
    after: [
      "Länken gäller i en timme och kan bara användas en gång. Om du inte har skapat något konto kan du bortse från det här mejlet.",
    ],
    signature: signatures.sv,
  },
  fi: {
    subject: "Vahvista sähköpostiosoitteesi ja valitse salasana",
    greeting: greetings.fi,
    before: [
      "Tähän osoitteeseen pyydettiin uutta vahvistuslinkkiä Kassassa. Vahvista sähköpostiosoitteesi valitsemalla salasana alla olevan linkin kautta:",
    ],
    linkLabel: "Vahvista ja valitse salasana",
    after: [
      "Linkki on voimassa tunnin, ja sitä voi käyttää vain kerran. Jos et luonut tiliä, voit jättää tämän viestin huomiotta.",
    ],
    signature: signatures.fi,
  },
  en: {
    subject: "Confirm your email address and choose a password",
    greeting: greetings.en,
    before: [
      "A new confirmation link was requested for this address at Kassa. Confirm your email address by choosing a password through the link below:",
    ],
    linkLabel: "Confirm and choose a password",
    after: [
      "The link is valid for one hour and works once. If you did not create an account, you can ignore this email.",
    ],
    signature: signatures.en,
  },
};

type MailUser = Pick<UserRow, "email" | "firstName" | "language">;

/** One of the link mails, in the user's language. */
function linkMail(
  textsByLanguage: Record<MailLanguage, LinkMailTexts>,
  user: MailUser,
  link: string,
): Promise<OutgoingMail> {
  const lang = mailLanguage(user);
  const texts = textsByLanguage[lang];
  return composeLinkMail({
    to: user.email,
    lang,
    subject: texts.subject,
    greeting: texts.greeting(user.firstName),
    before: texts.before,
    link,
    linkLabel: texts.linkLabel,
    after: texts.after,
    signature: texts.signature,
  });
}

/** The storefront page that takes a token: it posts it to `/enad/verify-email/` or resets with it. */
function storefrontLink(storefrontUrl: string, path: string, token: string): string {
  return `${storefrontUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** The signup mail (and its resends): `${STOREFRONT_URL}/login/?token=…`. */
export function verificationMail(user: MailUser, token: string, storefrontUrl: string) {
  return linkMail(VERIFY, user, storefrontLink(storefrontUrl, "/login/", token));
}

/** The forgot-password mail: `${STOREFRONT_URL}/reset-password/?token=…`. */
export function resetPasswordMail(user: MailUser, token: string, storefrontUrl: string) {
  return linkMail(RESET, user, storefrontLink(storefrontUrl, "/reset-password/", token));
}

/** The confirm-by-choosing-a-password mail: `${STOREFRONT_URL}/reset-password/?token=…`. */
export function confirmWithPasswordMail(user: MailUser, token: string, storefrontUrl: string) {
  return linkMail(
    CONFIRM_WITH_PASSWORD,
    user,
    storefrontLink(storefrontUrl, "/reset-password/", token),
  );
}
