import { allowsDevelopmentDefaults, type ServerConfig } from "./config.js";

type Env = Record<string, string | undefined>;

/**
 * The development defaults and demonstration switches a platform started with `env` has on, each
 * in a line that says what it opens. Every one of them is fine on a developer's machine and a
 * hole on a public shop; `main.ts` prints them at start in one block, so nobody runs a shop with
 * one of them on without being told.
 */
export function developmentDefaultsInUse(config: ServerConfig, env: Env): string[] {
  const development = allowsDevelopmentDefaults(env);
  const lines: string[] = [];
  if (development && !env.SESSION_SECRET) {
    lines.push(
      "SESSION_SECRET is unset: tokens are signed with the published development secret, so anyone can forge them",
    );
  }
  if (development && env.KASSA_OAUTH_CLIENTS === undefined) {
    lines.push(
      "KASSA_OAUTH_CLIENTS is unset: the development back-office client (kassa-back-office, its secret published) manages orders",
    );
  }
  if (development && env.KASSA_STOREFRONT_TOKENS === undefined) {
    lines.push(
      "KASSA_STOREFRONT_TOKENS is unset: the published development storefront token lets any caller act as the shop (approve its own signup, shop at business prices)",
    );
  }
  if (development && !env.KASSA_ADYEN_HMAC_KEY?.trim()) {
    lines.push(
      "KASSA_ADYEN_HMAC_KEY is unset: Adyen notifications signed with the published development key are believed",
    );
  }
  if (config.devMail) {
    lines.push(
      "/dev/* is mounted (KASSA_DEV_MAIL): the mail outbox with live login and reset links, and the test levers (expire a token, set a stock level)",
    );
  }
  if (config.paymentSandboxes) {
    lines.push(
      "/sandbox/* is mounted (KASSA_PAYMENT_SANDBOXES): the payment sandboxes place paid orders for nothing",
    );
  }
  if (config.demoAccounts) {
    lines.push(
      "KASSA_DEMO_ACCOUNTS: the demo users, who share one published password, are seeded into an empty database",
    );
  }
  return lines;
}

/** The warning `main.ts` prints at start, or undefined when no development default is on. */
export function developmentDefaultsWarning(config: ServerConfig, env: Env): string | undefined {
  const lines = developmentDefaultsInUse(config, env);
  if (lines.length === 0) return undefined;
  const mode = env.NODE_ENV ? `NODE_ENV=${env.NODE_ENV}` : "NODE_ENV is unset";
  return [
    `[platform] !!! Development defaults are on (${mode}). Never put this platform on the internet like this:`,
    ...lines.map((line) => `[platform] !!!   - ${line}`),
    "[platform] !!! The README's Configuration says how to turn each one off.",
  ].join("\n");
}

/**
 * What `main.ts` prints when no storefront token is configured (production's default): the
 * platform then trusts no caller as the shop (ADR 0048).
 */
export const NO_STOREFRONT_TOKENS_NOTICE =
  "[platform] KASSA_STOREFRONT_TOKENS is unset: no caller is the shop, so every signup waits for approval and only the public store group can be shopped. Give the storefront a token (its KASSA_STOREFRONT_TOKEN) and list it here.";
