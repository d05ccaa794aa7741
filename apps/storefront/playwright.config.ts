import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium headless shell (Playwright cannot download its own here)
 * against the production build, with a freshly seeded platform on their own ports so a running
 * shop is left alone. Every flow runs twice: with JavaScript on and off.
 */
const platformPort = Number(process.env.E2E_PLATFORM_PORT ?? 4100);
const storefrontPort = Number(process.env.E2E_STOREFRONT_PORT ?? 3100);
export const baseURL = `http://localhost:${storefrontPort}`;
/**
 * A second shop whose markets use the two providers the default configuration leaves off
 * (Klarna in Sweden, Adyen in Finland), so that every payment provider is bought with once.
 */
export const altBaseURL = `http://localhost:${storefrontPort + 1}`;
/**
 * A Google Tag Manager id for the first shop (issue 30): its pages load the tag once a shopper
 * consents to statistics. No browser test reaches Google: analytics.spec.ts answers the tag's
 * requests itself, and no other spec consents.
 */
export const E2E_GTM_ID = "GTM-KASSAE2E";
/**
 * The shop's own token (ADR 0048): both platforms take it, both storefronts (production builds,
 * which refuse the published development token) send it.
 */
export const E2E_STOREFRONT_TOKEN = "e2e-only-storefront-token-0123456789abcdef";
const ALT_PAYMENT_PROVIDERS =
  "default:SE=KlarnaCheckout;default:FI=Adyen;business:*=KlarnaCheckout";

function storefrontEnv(port: number, apiPort: number) {
  // The platform's own address, which it names in its answers (`startPlatform` listens on
  // 127.0.0.1): its pictures and payment sandboxes are there, and the storefront's
  // Content-Security-Policy allows the API hosts for them by default (ADR 0032).
  const api = `http://127.0.0.1:${apiPort}`;
  return {
    NODE_ENV: "production",
    PORT: String(port),
    KASSA_SHOPPER_API_URL: api,
    KASSA_PRODUCT_API_URL: api,
    KASSA_ACCOUNT_API_URL: api,
    KASSA_ORDER_API_URL: api,
    KASSA_MEDIA_API_URL: api,
    KASSA_MARKETING_API_URL: api,
    SESSION_SECRET: "e2e-only-secret-0123456789abcdef",
    KASSA_STOREFRONT_TOKEN: E2E_STOREFRONT_TOKEN,
    KASSA_COOKIE_SECURE: "false",
  };
}

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // Debian's build of the shell Playwright runs headless tests in (ADR 0036).
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/**
 * The two shops a run buys in, each a freshly seeded platform and the storefront's production
 * build on its own ports (the cross-engine suite uses its own, so it can run beside this one).
 */
export function shopServers(
  platformPort: number,
  storefrontPort: number,
  { gtmId }: { gtmId?: string } = {},
): PlaywrightTestConfig["webServer"] {
  const baseURL = `http://localhost:${storefrontPort}`;
  const altPlatformPort = platformPort + 1;
  const altStorefrontPort = storefrontPort + 1;
  const altBaseURL = `http://localhost:${altStorefrontPort}`;
  return [
    {
      command: "node tests/e2e/platform-server.mjs",
      url: `http://localhost:${platformPort}/health`,
      env: {
        PORT: String(platformPort),
        STOREFRONT_URL: baseURL,
        KASSA_STOREFRONT_TOKENS: E2E_STOREFRONT_TOKEN,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The storefront's own server (server/main.ts, built by `pnpm build`), as in production.
      command: "node build/express/main.js",
      url: `${baseURL}/healthz`,
      env: {
        ...storefrontEnv(storefrontPort, platformPort),
        ...(gtmId ? { KASSA_GTM_ID: gtmId } : {}),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/e2e/platform-server.mjs",
      url: `http://localhost:${altPlatformPort}/health`,
      env: {
        PORT: String(altPlatformPort),
        STOREFRONT_URL: altBaseURL,
        KASSA_PAYMENT_PROVIDERS: ALT_PAYMENT_PROVIDERS,
        KASSA_STOREFRONT_TOKENS: E2E_STOREFRONT_TOKEN,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node build/express/main.js",
      url: `${altBaseURL}/healthz`,
      env: storefrontEnv(altStorefrontPort, altPlatformPort),
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ];
}

/**
 * `-1-of-2` when run with `--shard=1/2`, for the name of the shard's JSON report: shards run on
 * machines (or with `--output`s) of their own, and each report is kept for the summary.
 */
function shardSuffix(): string {
  const at = process.argv.findIndex((arg) => arg === "--shard" || arg.startsWith("--shard="));
  const value = at < 0 ? undefined : (process.argv[at]?.split("=")[1] ?? process.argv[at + 1]);
  const shard = value?.match(/^(\d+)\/(\d+)$/);
  return shard ? `-${shard[1]}-of-${shard[2]}` : "";
}

/**
 * How both suites run (this one and the cross-engine one, `playwright.engines.config.ts`), with
 * the file their JSON report goes to and the folder of the local HTML report.
 */
export function runSettings(jsonReport: string, htmlReport = "playwright-report") {
  return {
    fullyParallel: true,
    // Two browsers at a time. With one, on two cores, the run spent much of its time waiting on a
    // single Chromium (2025: a second worker doubled each test, the account flow 21 s → 46 s, past
    // its budget, and the run took 18 min against 15). Since traces are kept only for retries, axe
    // runs in the page and logins not under test are posted, a second worker pays: on this 2-core
    // machine (another engineer's vitest beside it for part of each run, load 7–12) one worker took
    // 20.0 min, two took 14.6 min with no retry, each test ~40 % slower (the slowest 28 s of its
    // 45 s). The projects were written to run side by side on one platform: each saves its own
    // company, decides on its own orders and sells out its own product. Set 1 with `--workers=1`.
    workers: 2,
    retries: process.env.CI ? 1 : 0,
    forbidOnly: Boolean(process.env.CI),
    // The list as it runs; the JSON for scripts (`node tests/e2e/summary.mjs` prints the tests per
    // project from it, one file per shard); locally also the HTML report with the failures' traces.
    reporter: [
      ["list"],
      ["json", { outputFile: jsonReport }],
      ...(process.env.CI ? [] : [["html", { open: "never", outputFolder: htmlReport }] as const]),
    ] satisfies PlaywrightTestConfig["reporter"],
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  ...runSettings(`test-results/e2e-results${shardSuffix()}.json`),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "sv-SE",
    // A trace records every step's snapshots, which cost each test its time whether or not it
    // fails; so only a retry records one (CI retries once). A failure keeps its screenshot, and
    // both stay in test-results/ (`outputDir`) beside the error.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-enabled", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-disabled", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: shopServers(platformPort, storefrontPort, { gtmId: E2E_GTM_ID }),
});
