import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rule sets every page is held to: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeScope {
  /** Only this part of the page (CSS selector), e.g. `"main"`. Default: the whole page. */
  include?: string;
  /** Parts that are not the shop's own markup, such as a payment provider's frame. */
  exclude?: string[];
}

/**
 * The page's WCAG 2.2 AA violations as `{ id, targets }`, so a failing `toEqual([])` names the
 * rule and the elements. axe runs as a script in the page: call it with JavaScript on only (the
 * server renders the same markup without).
 *
 * What makes a call cheap (axe was a third of the suite's time), with the same rules on the same
 * elements:
 * - only violations are asked for: axe then describes one node per passed, incomplete or
 *   inapplicable rule instead of every node it looked at (a selector, an ancestry and the markup
 *   each);
 * - a page without frames is checked by `axe.run` in the page itself (AxeBuilder's "legacy
 *   mode"), not by a partial run whose every node is carried to a blank page opened for the
 *   merge; a page with frames keeps that mode, which is what reaches cross-origin frames;
 * - axe is put into the page once per document, not on every call (a second width, a dialog).
 */
export async function axeViolations(page: Page, scope: AxeScope = {}) {
  const frameless = page.frames().length === 1;
  const injected =
    frameless && (await page.evaluate(() => typeof Reflect.get(window, "axe")?.run === "function"));
  // `options` replaces every option set before it, so it comes before `withTags`.
  let builder = new AxeBuilder({ page, axeSource: injected ? ";" : undefined })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_22_AA)
    .setLegacyMode(frameless);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
