import { WISHLIST_ERRORS, type Wishlist } from "@kassa/api-client";
import {
  addToWishlist,
  isOnWishlist,
  parseWishlistEntry,
  WISHLIST_MAX_ENTRIES,
} from "@kassa/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import { type WishlistRow, wishlists } from "../../db/schema.js";
import { conflict } from "../../http/http-error.js";

/**
 * A logged-in user's wishlist (C§3, C§4), kept on the platform so it follows them to another
 * device. The list rules are `@kassa/domain`'s, the ones the storefront applies to the list it
 * keeps in the browser: one entry per product, the newest first, at most
 * {@link WISHLIST_MAX_ENTRIES}. Every change runs on the user's row locked, so two devices
 * changing the list at once both land.
 */

function reply(row: Pick<WishlistRow, "entries" | "updatedAt"> | undefined): Wishlist {
  return { entries: row?.entries ?? [], updatedAt: row?.updatedAt.toISOString() ?? null };
}

/** `GET /api/wishlists/me`: an empty list (`updatedAt: null`) for a user who never kept one. */
export async function wishlistOf(db: Database, userId: string): Promise<Wishlist> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.userId, userId));
  return reply(row);
}

/**
 * Runs `change` on the user's list with its row locked and stores what it answers, when that
 * differs. `create`: make the row when there is none (an add); otherwise a missing row is the
 * empty list and stays missing.
 */
async function changeList(
  db: Database,
  userId: string,
  now: Date,
  create: boolean,
  change: (entries: string[]) => string[],
): Promise<Wishlist> {
  return db.transaction(async (tx) => {
    if (create) {
      await tx
        .insert(wishlists)
        .values({ userId, entries: [], updatedAt: now })
        .onConflictDoNothing();
    }
    const [row] = await tx
      .select()
      .from(wishlists)
      .where(eq(wishlists.userId, userId))
      .for("update");
    const before = row?.entries ?? [];
    const after = change(before);
    if (!row || after.join("\n") === before.join("\n")) return reply(row);
    const [updated] = await tx
      .update(wishlists)
      .set({ entries: after, updatedAt: now })
      .where(eq(wishlists.userId, userId))
      .returning();
    return reply(updated);
  });
}

/**
 * `POST /api/wishlists/me/entries`: adds the entry as the newest (first), unless its product is on
 * the list already, in any colour (then nothing changes: the add is idempotent). A list of
 * {@link WISHLIST_MAX_ENTRIES} products answers 409 `wishlist full`.
 */
export function addEntry(db: Database, userId: string, entry: string, now: Date) {
  return changeList(db, userId, now, true, (entries) => {
    const added = addToWishlist(entries, entry);
    if (added.change === "full") {
      throw conflict(
        WISHLIST_ERRORS.full,
        `The wishlist holds ${WISHLIST_MAX_ENTRIES} products; remove one to add another`,
      );
    }
    return added.entries;
  });
}

/** `DELETE /api/wishlists/me/entries/{entry}`: removes that exact entry, when it is there. */
export function removeEntry(db: Database, userId: string, entry: string, now: Date) {
  return changeList(db, userId, now, false, (entries) => entries.filter((kept) => kept !== entry));
}

/**
 * `POST /api/wishlists/me/merge`: the union of the list and `incoming`. The list keeps its order;
 * the entries of products it does not hold yet follow, in the order given (the first of a product
 * wins); the result keeps its first {@link WISHLIST_MAX_ENTRIES}.
 */
export function mergeEntries(db: Database, userId: string, incoming: string[], now: Date) {
  return changeList(db, userId, now, incoming.length > 0, (entries) => {
    const merged = [...entries];
    for (const entry of incoming) {
      const productId = parseWishlistEntry(entry)?.productId;
      if (productId && !isOnWishlist(merged, productId)) merged.push(entry);
    }
    return merged.slice(0, WISHLIST_MAX_ENTRIES);
  });
}
