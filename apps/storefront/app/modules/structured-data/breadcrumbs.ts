import type { BreadcrumbList, ListItem } from "schema-dts";

/** One step of a breadcrumb as the page shows it, with its page's absolute URL. */
export interface BreadcrumbStep {
  name: string;
  url: string;
}

/**
 * The breadcrumb the page shows (home, categories, the page itself) as a BreadcrumbList: every
 * step with its position from 1, its name as shown and its absolute URL, the last being the page
 * itself. Null for fewer than two steps: Google asks for at least two.
 */
export function breadcrumbListJsonLd(steps: readonly BreadcrumbStep[]): BreadcrumbList | null {
  if (steps.length < 2) return null;
  return {
    "@type": "BreadcrumbList",
    itemListElement: steps.map(
      (step, index): ListItem => ({
        "@type": "ListItem",
        position: index + 1,
        name: step.name,
        item: step.url,
      }),
    ),
  };
}
