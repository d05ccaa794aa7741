import { SEARCH_SUGGESTION_MAX_LIMIT, searchQuerySchema } from "@kassa/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody } from "../../http/json-body.js";
import { paging, productContextOf, queryBase } from "../catalogue/routes.js";
import { searchProducts, searchSuggestions } from "./search-queries.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
}

export const searchBody = z.object({ ...queryBase, ...paging, query: searchQuerySchema });

export const suggestionsBody = z.object({
  ...queryBase,
  query: searchQuerySchema,
  limit: z.int().min(1).max(SEARCH_SUGGESTION_MAX_LIMIT).optional(),
});

/** Product search in the product wrapper (`/enad/…`), beside the other product lookups. */
export function searchRoutes({ db, config }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.post("/search-products", async (c) => {
    const query = await parseJsonBody(c, searchBody);
    return c.json(await searchProducts(db, query, productContextOf(c, query, config)));
  });

  app.post("/search-suggestions", async (c) => {
    const query = await parseJsonBody(c, suggestionsBody);
    return c.json(await searchSuggestions(db, query, productContextOf(c, query, config)));
  });

  return app;
}
