import type { Category } from "@kassa/api-client";
import { asc, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type CategoryRow, categories, categoryListings } from "../../db/schema.js";
import { categoryImageUrl } from "./image-urls.js";
import { type Language, translate } from "./language.js";

/** Category uris are compared without surrounding slashes and case: `/Klader/Trojor/` = `klader/trojor`. */
export function normalizeCategoryUri(uri: string): string {
  return uri
    .trim()
    .replace(/^\/+|\/+$/g, "")
    .toLowerCase();
}

export async function allCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.sortOrder));
}

/**
 * `POST /enad/get-categories/`. `productCount` counts the products a category page lists with
 * child-category products included: a top category counts the products of its subcategories.
 * Each count is the highest position of the category's stored list (`category_listings`): one
 * index lookup per category, whatever the size of the catalogue.
 */
export async function listCategories(
  db: Database,
  language: Language,
  publicUrl: string,
): Promise<Category[]> {
  const productCount = sql<number>`coalesce((
    select max(${categoryListings.position}) from ${categoryListings}
    where ${categoryListings.categoryId} = ${categories.id}
      and ${categoryListings.withDescendants}
  ), 0)::int`;
  const rows = await db
    .select({ category: categories, productCount })
    .from(categories)
    .orderBy(asc(categories.sortOrder));
  return rows.map(({ category, productCount }) => ({
    id: category.id,
    uri: category.uri,
    name: translate(category.name, language),
    description: translate(category.description, language),
    imageUrl: categoryImageUrl(publicUrl, category.id),
    parentId: category.parentId,
    productCount: Number(productCount),
  }));
}
