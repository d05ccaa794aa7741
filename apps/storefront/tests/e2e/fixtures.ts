import { type BrowserContext, test as base, type ConsoleMessage, expect } from "@playwright/test";

/**
 * Every spec's `test` and `expect` (import them from here, never from `@playwright/test`: biome
 * refuses it). A test fails when any page or frame of its browser met a Content-Security-Policy
 * violation (ADR 0032): a script, frame, picture, style or form the policy did not allow is a bug
 * in the policy or in the page, found here rather than by a shopper whose checkout stays empty.
 *
 * Two witnesses, because neither sees everything: the `securitypolicyviolation` event, reported
 * from an init script in every frame (JavaScript on), and Chromium's console error for each
 * refusal, which it writes with JavaScript off too.
 */
export * from "@playwright/test";

/** What a watched context has met so far. */
export interface PolicyWatch {
  /** The violations recorded since the last call, which are then no longer counted against the test. */
  take(): string[];
}

const BINDING = "__kassaPolicyViolation";

/** Records the violations of every page of `context` (the `test` fixture does it for its own). */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<PolicyWatch> {
  let violations: string[] = [];
  await context.exposeBinding(BINDING, ({ frame }, report: string) => {
    violations.push(`${frame.url()}: ${report}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (report: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} refused ${event.blockedURI || "(inline)"}` +
          `${event.sample ? ` "${event.sample}"` : ""} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, BINDING);
  context.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? "(no page)"}: ${message.text()}`);
    }
  });
  return {
    take() {
      const taken = violations;
      violations = [];
      return taken;
    },
  };
}

export const test = base.extend<{ contentSecurityPolicy: PolicyWatch }>({
  contentSecurityPolicy: [
    async ({ context }, use) => {
      const watch = await watchContentSecurityPolicy(context);
      await use(watch);
      expect(watch.take(), "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
