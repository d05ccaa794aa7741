/**
 * The version of the consent text (what the banner asks and what each choice lets the shop do).
 * Raise it when that changes: every shopper's earlier choice then no longer counts and the banner
 * asks again (docs/decisions/0038-consent-and-analytics.md). The one place the number is written.
 */
export const CONSENT_VERSION = 1;
