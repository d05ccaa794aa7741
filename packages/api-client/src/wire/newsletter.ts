/**
 * Wire shapes of the newsletter and its contacts (C§3 contact record, C§7 "subscribe with email
 * and a list id from a marketing provider; response success and message"). The Kassa platform
 * answers them under `/marketing/` and types its replies with these; the newsletter client
 * (`../newsletter.ts`) speaks them.
 */

/** The languages a confirmation mail is written in. */
export type NewsletterLanguage = "sv" | "fi" | "en";

/** The markets a contact belongs to. */
export type NewsletterCountryCode = "SE" | "FI";

/** `POST /marketing/newsletter/subscribe`. */
export interface NewsletterSubscribePayload {
  /** Trimmed and lower-cased by the platform. */
  email: string;
  /** The marketing provider's list, e.g. `newsletter`. */
  listId: string;
  /** The language of the confirmation mail (and of a new contact). */
  lang: NewsletterLanguage;
  /** A new contact's market; default `FI` for `fi`, else `SE`. */
  countryCode?: NewsletterCountryCode;
  /** Where the sign-up was made (`storefront-footer`); kept with the consent. Default `storefront`. */
  source?: string;
}

/** `POST /marketing/newsletter/confirm` and `POST /marketing/newsletter/unsubscribe`. */
export interface NewsletterTokenPayload {
  /** The `token` of the mail's link. */
  token: string;
}

/** The platform's `message` of each success. */
export const NEWSLETTER_REPLY_MESSAGES = {
  /** A confirmation mail is on its way (or was sent in the last 10 minutes). */
  confirmationSent: "confirmation_sent",
  /** The address is on the list already: no mail. */
  alreadySubscribed: "already_subscribed",
  /** The confirm link subscribed the address. */
  confirmed: "confirmed",
  /** The confirm link was followed before. */
  alreadyConfirmed: "already_confirmed",
  /** The unsubscribe link took the address off the list (also when it was off already). */
  unsubscribed: "unsubscribed",
} as const;

export type NewsletterReplyMessage =
  (typeof NEWSLETTER_REPLY_MESSAGES)[keyof typeof NEWSLETTER_REPLY_MESSAGES];

/** Every answer of the three newsletter calls (C§7: `success` and `message`). */
export interface NewsletterReply {
  success: boolean;
  message: string;
}

/** What the platform answers when a call succeeds. */
export interface NewsletterSuccess extends NewsletterReply {
  success: true;
  message: NewsletterReplyMessage;
}

/** The platform's `error` of its refusals (the platform error body, C§3). */
export const NEWSLETTER_ERRORS = {
  /** 404: a list id the marketing side does not know. */
  listNotFound: "list not found",
  /** 404: a confirm or unsubscribe token that is unknown, or a confirm token that expired. */
  invalidToken: "invalid token",
  /** 404: `GET /marketing/contacts…` of an unknown id or email. */
  contactNotFound: "contact not found",
} as const;

/** C§3 `preferences`. */
export interface ContactPreferences {
  acceptsEmail: boolean;
  acceptsPostal: boolean;
  acceptsSms: boolean;
}

/** C§3 `consents`: the newest record of each consent id. */
export interface ContactConsent {
  /** `newsletter:{listId}` for a list's double opt-in. */
  id: string;
  value: boolean;
  /** ISO 8601. */
  date: string;
  /** Where it was given or taken back: the sign-up's `source`, `storefront`. */
  source: string;
  comment: string;
}

/** C§3's contact record, as `GET /marketing/contacts/{id}` and `?email=` answer it. */
export interface MarketingContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  /** `YYYY-MM-DD`, or `null` when not known. */
  birthDay: string | null;
  /** `sv`, `fi` or `en`. */
  lang: string;
  careOf: string;
  city: string;
  mobilePhone: string;
  street: string;
  zipCode: string;
  /** `Contact` (a subscriber) or `Member`. */
  contactType: string;
  appUser: boolean;
  /** ISO 8601, or `null`. */
  lastAppLogin: string | null;
  bagarenCartId: string | null;
  discoveryKey: string;
  memberSource: string;
  storeExternalId: string;
  preferences: ContactPreferences;
  consents: ContactConsent[];
}

/** `GET /marketing/contacts?email=`. */
export interface MarketingContactQuery {
  email: string;
}
