import type { Wishlist } from "@kassa/api-client";
import { isWishlistEntry } from "@kassa/domain";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { parseJsonBody, validate } from "../../http/json-body.js";
import { requireUser } from "../accounts/require-user.js";
import { addEntry, mergeEntries, removeEntry, wishlistOf } from "./wishlists.js";

interface Deps {
  db: Database;
  clock: Clock;
  /** Signs and checks the users' access tokens (`SESSION_SECRET`). */
  secret: string;
}

/** A product id and a variant id of 64 characters each, and the colon between them. */
const MAX_ENTRY_LENGTH = 129;
/** A merge takes a list kept elsewhere: 50 entries, with room for one kept by an older shop. */
export const MAX_MERGED_ENTRIES = 100;

const entryField = z
  .string()
  .max(MAX_ENTRY_LENGTH)
  .refine(isWishlistEntry, "must be a product id, optionally followed by : and a variant id");

export const wishlistEntryBody = z.object({ entry: entryField });
export const wishlistMergeBody = z.object({ entries: z.array(entryField).max(MAX_MERGED_ENTRIES) });

/**
 * The logged-in user's wishlist under `/api/wishlists/me`, as the access token's user (the same
 * `requireUser` as the order and company calls): nobody reads or changes another's list, there is
 * no id to name one. Answers are `Wishlist` of the api-client, without the `/api` envelope.
 */
export function wishlistRoutes({ db, clock, secret }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use("*", requireUser(db, secret, clock));

  app.get("/me", async (c) => c.json((await wishlistOf(db, c.get("user").id)) satisfies Wishlist));

  app.post("/me/entries", async (c) => {
    const { entry } = await parseJsonBody(c, wishlistEntryBody);
    return c.json((await addEntry(db, c.get("user").id, entry, clock())) satisfies Wishlist);
  });

  app.delete("/me/entries/:entry", async (c) => {
    const { entry } = validate(
      wishlistEntryBody,
      { entry: c.req.param("entry") },
      "The entry is invalid",
    );
    return c.json((await removeEntry(db, c.get("user").id, entry, clock())) satisfies Wishlist);
  });

  app.post("/me/merge", async (c) => {
    const { entries } = await parseJsonBody(c, wishlistMergeBody);
    return c.json((await mergeEntries(db, c.get("user").id, entries, clock())) satisfies Wishlist);
  });

  return app;
}
