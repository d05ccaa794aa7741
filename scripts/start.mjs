#!/usr/bin/env node
// `npm start`: installs what is needed, builds, and starts the shop — the platform (which migrates
// and seeds an empty embedded database on its first start) and the storefront's production build
// served by its own server (apps/storefront/server). Ctrl-C stops both.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { existsSync, installDependencies, pnpm, root, startProcess, waitFor } from "./lib.mjs";
import { ensureSystemDependencies } from "./system-deps.mjs";

const platformPort = process.env.PLATFORM_PORT ?? "4000";
const storefrontPort = process.env.STOREFRONT_PORT ?? "3000";
// DATA_DIR means what it means to the platform: the folder of its embedded database (and, unless
// KASSA_MEDIA_DIR says otherwise, the print files). It is passed on unchanged.
const dataDir = process.env.DATA_DIR || join(root, ".data", "platform");
// The secrets are this checkout's, whichever database it runs on.
const secretsDir = join(root, ".data");

// Ghostscript draws uploaded EPS, AI and PostScript print files as PNGs, under prlimit's limits;
// the shop runs without them.
ensureSystemDependencies({ names: ["ghostscript", "prlimit"], required: false });
installDependencies();
pnpm(["exec", "turbo", "run", "build", "--filter=@kassa/storefront..."]);

// Secrets that sign sessions and cookies, the back office's client secret and the storefront's
// token on the platform (ADR 0048): made once per checkout and kept with the local data. Random, as production requires (README: Configuration);
// a file from before a secret was added gets it now.
mkdirSync(secretsDir, { recursive: true });
const secretsFile = join(secretsDir, "secrets.json");
const secrets = existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, "utf8")) : {};
const missing = ["platform", "storefront", "backOffice", "storefrontToken"].filter(
  (name) => !secrets[name],
);
for (const name of missing) secrets[name] = randomBytes(32).toString("hex");
if (missing.length > 0) writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
const platformUrl = `http://localhost:${platformPort}`;
// The storefront sends it with every platform call, and the platform takes the shop's signup
// settings and store groups only from a caller that does.
const storefrontToken = process.env.KASSA_STOREFRONT_TOKEN ?? secrets.storefrontToken;

const platform = startProcess("platform", "node", ["apps/platform/dist/main.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    // Production settings, but a person reads this log: one readable line per entry, not JSON.
    LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
    PORT: platformPort,
    DATA_DIR: dataDir,
    PUBLIC_URL: process.env.PLATFORM_PUBLIC_URL ?? platformUrl,
    SESSION_SECRET: process.env.PLATFORM_SESSION_SECRET ?? secrets.platform,
    // Links in mails lead to the storefront; the outbox is readable at /dev/mail (no SMTP here).
    STOREFRONT_URL: process.env.STOREFRONT_URL ?? `http://localhost:${storefrontPort}`,
    KASSA_DEV_MAIL: process.env.KASSA_DEV_MAIL ?? "true",
    // A demonstration on this machine: the demo users (public password) are wanted here, and the
    // payment sandboxes, where every order is paid for nothing. The platform lists them at start.
    KASSA_DEMO_ACCOUNTS: process.env.KASSA_DEMO_ACCOUNTS ?? "true",
    KASSA_PAYMENT_SANDBOXES: process.env.KASSA_PAYMENT_SANDBOXES ?? "true",
    KASSA_STOREFRONT_TOKENS: process.env.KASSA_STOREFRONT_TOKENS ?? storefrontToken,
    // And a back-office client, to move the demo orders along (README: Orders).
    KASSA_OAUTH_CLIENTS:
      process.env.KASSA_OAUTH_CLIENTS ??
      `kassa-back-office:${secrets.backOffice}:order-management/order:read order-management/order:write`,
  },
});
const children = [platform];
const stopAll = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
platform.on("exit", (code) => {
  console.error(`platform stopped (exit ${code})`);
  stopAll(code ?? 1);
});

await waitFor(`${platformUrl}/health`, 120_000);

const storefront = startProcess("storefront", "node", ["build/express/main.js"], {
  cwd: join(root, "apps/storefront"),
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: storefrontPort,
    KASSA_SHOPPER_API_URL: process.env.KASSA_SHOPPER_API_URL ?? platformUrl,
    KASSA_PRODUCT_API_URL: process.env.KASSA_PRODUCT_API_URL ?? platformUrl,
    KASSA_ACCOUNT_API_URL: process.env.KASSA_ACCOUNT_API_URL ?? platformUrl,
    KASSA_ORDER_API_URL: process.env.KASSA_ORDER_API_URL ?? platformUrl,
    KASSA_MEDIA_API_URL: process.env.KASSA_MEDIA_API_URL ?? platformUrl,
    KASSA_MARKETING_API_URL: process.env.KASSA_MARKETING_API_URL ?? platformUrl,
    SESSION_SECRET: process.env.SESSION_SECRET ?? secrets.storefront,
    KASSA_STOREFRONT_TOKEN: storefrontToken,
    // The demonstration is served over plain HTTP on localhost, where Safari (WebKit) keeps no
    // `Secure` cookie, not even a `__Host-` one: the cart, the login and the cookie choice were
    // dropped at once. Production behind TLS keeps the default, Secure and `__Host-` (ADR 0049).
    KASSA_COOKIE_SECURE: process.env.KASSA_COOKIE_SECURE ?? "false",
    // Its output is piped through the line prefixer here, not a terminal: ask for readable lines
    // (production's default is one JSON object a line, for a collector).
    LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
  },
});
children.push(storefront);
storefront.on("exit", (code) => {
  console.error(`storefront stopped (exit ${code})`);
  stopAll(code ?? 1);
});

await waitFor(`http://localhost:${storefrontPort}/healthz`, 60_000);
console.log(`
  Kassa is running.
    Storefront  http://localhost:${storefrontPort}
    Platform    ${platformUrl}
    Mail outbox ${platformUrl}/dev/mail
    Back office kassa-back-office, its secret in .data/secrets.json (backOffice)
  Press Ctrl-C to stop.
`);
