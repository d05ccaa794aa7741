import { defineConfig } from "@playwright/test";
import { E2E_STOREFRONT_TOKEN, runSettings, shopServers } from "./playwright.config";
import type { EngineOptions } from "./tests/engines/fixtures";

/**
 * The cross-engine suite (issue 39, ADR 0052): the flows of `tests/engines/` in WebKit (Safari's
 * engine, WebKitGTK's MiniBrowser over WebDriver) and Firefox (ESR over WebDriver BiDi), with
 * JavaScript on, and in Firefox also with it off. Chromium runs the whole suite
 * (`playwright.config.ts`); these engines run what a shopper and a buyer do, on shops of their
 * own ports, so the two suites can run side by side.
 */
const platformPort = Number(process.env.E2E_ENGINES_PLATFORM_PORT ?? 4200);
const storefrontPort = Number(process.env.E2E_ENGINES_STOREFRONT_PORT ?? 3200);
// The e2e helpers this suite shares (mail, sandboxes) read the platform's port from here.
process.env.E2E_PLATFORM_PORT = String(platformPort);

export { E2E_STOREFRONT_TOKEN };

export default defineConfig<object, EngineOptions>({
  testDir: "tests/engines",
  ...runSettings("test-results/engines-results.json", "playwright-report/engines"),
  outputDir: "test-results/engines",
  timeout: 90_000,
  use: {
    baseURL: `http://localhost:${storefrontPort}`,
    locale: "sv-SE",
  },
  projects: [
    { name: "webkit", use: { engine: "webkit", scripts: true } },
    { name: "firefox-js-enabled", use: { engine: "firefox", scripts: true } },
    { name: "firefox-js-disabled", use: { engine: "firefox", scripts: false } },
  ],
  webServer: shopServers(platformPort, storefrontPort),
});
