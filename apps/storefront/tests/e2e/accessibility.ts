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
 */
export async function axeViolations(page: Page, scope: AxeScope = {}) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  if (scope.include) builder = builder.include(scope.include);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
