import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../db/open-database.js";
import { categories, productParents, productVariants } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { notFound } from "../../http/http-error.js";
import { languageOrDefault, translate } from "./language.js";
import { renderImage } from "./svg-image.js";
import { variantDetails } from "./variant-names.js";

interface Deps {
  db: Database;
}

/** Images are derived from catalogue rows that a deploy does not change: cache them for a year. */
const IMAGE_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=31536000, immutable",
  "x-content-type-options": "nosniff",
  // An SVG opened on its own must not run anything.
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
};

function svgName(file: string): string {
  const match = /^([A-Za-z0-9_-]{1,100})\.svg$/.exec(file);
  if (!match?.[1]) throw notFound("image not found", `No image ${file}`);
  return match[1];
}

/**
 * Generated product and category pictures, mounted at `/media` (`/media/products/…`,
 * `/media/categories/…`: the URLs are wire, the catalogue hands them out). The pictures have no
 * text; their SVG title is Swedish unless `?lang=`.
 */
export function catalogueImageRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get("/products/:file", async (c) => {
    const name = svgName(c.req.param("file"));
    const language = languageOrDefault(c.req.query("lang"));
    // The name is a variant id, or a product parent id for the product's main picture.
    const [byVariant] = await db
      .select({ variant: productVariants, parent: productParents })
      .from(productVariants)
      .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
      .where(eq(productVariants.id, name));
    let found = byVariant;
    if (!found) {
      const [byParent] = await db
        .select({ variant: productVariants, parent: productParents })
        .from(productParents)
        .innerJoin(productVariants, eq(productVariants.productParentId, productParents.id))
        .where(eq(productParents.id, name))
        .orderBy(productVariants.sortOrder)
        .limit(1);
      found = byParent;
    }
    if (!found) throw notFound("image not found", `No product image ${name}`);
    const { variant, parent } = found;
    const svg = renderImage({
      shape: parent.imageShape,
      colorHex: variant.colorHex ?? parent.imageColorHex,
      title: translate(parent.name, language),
      subtitle: variantDetails(variant, language) || parent.brand,
    });
    return c.body(svg, 200, IMAGE_HEADERS);
  });

  app.get("/categories/:file", async (c) => {
    const name = svgName(c.req.param("file"));
    const language = languageOrDefault(c.req.query("lang"));
    const [category] = await db.select().from(categories).where(eq(categories.id, name));
    if (!category) throw notFound("image not found", `No category image ${name}`);
    const svg = renderImage({
      shape: category.imageShape,
      colorHex: category.colorHex,
      title: translate(category.name, language),
    });
    return c.body(svg, 200, IMAGE_HEADERS);
  });

  return app;
}
