import { writeFile } from "node:fs/promises";
import { type Browser, test as base, firefox } from "@playwright/test";
import { PlaywrightTab } from "./playwright-tab";
import { withStepTimes } from "./step-timings";
import type { Engine, Tab } from "./tab";
import { WebDriverTab } from "./webdriver-tab";
import { WebKit } from "./webkit";

export * from "@playwright/test";

/** Debian's Firefox ESR, driven by Playwright over WebDriver BiDi (ADR 0052). */
const FIREFOX = process.env.KASSA_FIREFOX_PATH ?? "/usr/bin/firefox-esr";

export interface EngineOptions {
  /** The engine this project's flows run in. */
  engine: Engine;
  /** Whether the engine runs the page's scripts (Playwright's own option is per test; this is per browser). */
  scripts: boolean;
}

/** One worker's browser: Firefox (one process, a context per test) or WebKit (a session per test). */
type WorkerBrowser = { kind: "firefox"; browser: Browser } | { kind: "webkit"; webkit: WebKit };

/**
 * The cross-engine suite's `test`: each test gets a {@link Tab} in its project's engine, in a
 * fresh browser context (no cookies, no storage), closed when the test ends. Flows are written
 * once against `Tab`; `docs/testing.md` says how to run one engine or one test.
 */
export const test = base.extend<{ tab: Tab }, EngineOptions & { workerBrowser: WorkerBrowser }>({
  engine: ["firefox", { option: true, scope: "worker" }],
  scripts: [true, { option: true, scope: "worker" }],
  workerBrowser: [
    async ({ engine, scripts }, use) => {
      if (engine === "webkit") {
        const webkit = await WebKit.start();
        await use({ kind: "webkit", webkit });
        webkit.stop();
        return;
      }
      const browser = await firefox.launch({
        channel: "moz-firefox",
        executablePath: FIREFOX,
        firefoxUserPrefs: {
          // BiDi in Firefox 153 has no switch for scripts; the preference is Firefox's own.
          ...(scripts ? {} : { "javascript.enabled": false }),
          // BiDi's input actions (Playwright's clicks and keys) are dispatched in the top page's
          // process: with Fission a cross-origin iframe (a payment provider's widget) lives in
          // another, and its buttons never hear the click (the top page's <iframe> does). In
          // one process the events reach the frame as a person's do.
          "fission.autostart": false,
        },
      });
      await use({ kind: "firefox", browser });
      await browser.close();
    },
    { scope: "worker" },
  ],
  tab: async ({ workerBrowser, scripts, baseURL, locale }, use, testInfo) => {
    const shop = baseURL ?? "";
    if (workerBrowser.kind === "webkit") {
      const from = workerBrowser.webkit.logLength;
      const driver = await workerBrowser.webkit.open({ javaScriptEnabled: scripts });
      try {
        await use(
          withStepTimes(
            new WebDriverTab(scripts, shop, driver, await driver.getWindowHandle()),
            testInfo.project.name,
          ),
        );
      } finally {
        if (testInfo.status !== testInfo.expectedStatus) {
          const shot = await driver.takeScreenshot().catch(() => null);
          if (shot) {
            const path = testInfo.outputPath("failure.png");
            await writeFile(path, Buffer.from(shot, "base64"));
            await testInfo.attach("failure.png", { path, contentType: "image/png" });
          }
          const log = workerBrowser.webkit.logSince(from);
          if (log.length > 0) await testInfo.attach("webkit-console.txt", { body: log.join("\n") });
        }
        await driver.quit();
      }
      return;
    }
    const context = await workerBrowser.browser.newContext({
      ...(locale ? { locale } : {}),
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    try {
      await use(
        withStepTimes(new PlaywrightTab("firefox", scripts, shop, page), testInfo.project.name),
      );
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) {
        // Without scripts no animation frame comes, and a screenshot waits for one: bounded.
        await page
          .screenshot({ timeout: 5_000 })
          .then((body) => testInfo.attach("failure.png", { body, contentType: "image/png" }))
          .catch(() => {});
        if (errors.length > 0)
          await testInfo.attach("page-errors.txt", { body: errors.join("\n") });
      }
      await context.close();
    }
  },
});

export { expect } from "@playwright/test";
