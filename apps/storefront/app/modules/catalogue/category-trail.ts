import type { Category } from "@kassa/api-client";

/** One step of a breadcrumb: a category's name and the address part after `/kategori/`. */
export interface CategoryStep {
  name: string;
  uri: string;
}

/** The categories from the top down to `categoryId` (`Kläder › Tröjor`), for a breadcrumb. */
export function trailTo(categories: readonly Category[], categoryId: string): CategoryStep[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const trail: Category[] = [];
  for (
    let category = byId.get(categoryId);
    category;
    category = byId.get(category.parentId ?? "")
  ) {
    // A cycle in the data must not hang the page.
    if (trail.includes(category)) break;
    trail.unshift(category);
  }
  return trail.map((category) => ({ name: category.name, uri: category.uri }));
}

/**
 * A product's breadcrumb categories: the longest trail among the categories it is in (the
 * deepest, most specific place in the catalogue).
 */
export function productTrail(
  categories: readonly Category[],
  categoryIds: readonly string[],
): CategoryStep[] {
  return categoryIds
    .map((id) => trailTo(categories, id))
    .reduce<CategoryStep[]>((best, trail) => (trail.length > best.length ? trail : best), []);
}
