import type { Category } from "@kassa/api-client";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import {
  type CategoryRow,
  categories,
  productParentCategories,
  productParents,
} from "../../db/schema.js";
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

/** The category and every category below it, at any depth. */
export function withDescendants(all: readonly CategoryRow[], categoryId: string): string[] {
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i++) {
    for (const category of all) {
      if (category.parentId === ids[i]) ids.push(category.id);
    }
  }
  return ids;
}

/** Links between categories and the products that category pages list (active and listed). */
export async function listedProductLinks(db: Database) {
  return db
    .select({
      productParentId: productParentCategories.productParentId,
      categoryId: productParentCategories.categoryId,
      sortOrder: productParents.sortOrder,
    })
    .from(productParentCategories)
    .innerJoin(productParents, eq(productParents.id, productParentCategories.productParentId))
    .where(and(eq(productParents.isActive, true), eq(productParents.isListed, true)))
    .orderBy(asc(productParents.sortOrder));
}

/**
 * `POST /enad/get-categories/`. `productCount` counts the products a category page lists with
 * child-category products included: a top category counts the products of its subcategories.
 */
export async function listCategories(
  db: Database,
  language: Language,
  publicUrl: string,
): Promise<Category[]> {
  const [all, links] = await Promise.all([allCategories(db), listedProductLinks(db)]);
  return all.map((category) => {
    const ids = new Set(withDescendants(all, category.id));
    const products = new Set(
      links.filter((link) => ids.has(link.categoryId)).map((link) => link.productParentId),
    );
    return {
      id: category.id,
      uri: category.uri,
      name: translate(category.name, language),
      description: translate(category.description, language),
      imageUrl: categoryImageUrl(publicUrl, category.id),
      parentId: category.parentId,
      productCount: products.size,
    };
  });
}
