/**
 * The wishlist (C§3, C§4, C§9): a list of product ids in browser storage under one key, an entry
 * optionally carrying a colour variant suffix. The suffix is the id of a variant of that colour
 * (`pp-1001:pv-1001-04`), not the colour's name, so an entry means the same in every language.
 */

/** C§9: the storage key of the list (localStorage with scripts, a cookie of the same name without). */
export const WISHLIST_STORAGE_KEY = "wishlist";

/**
 * How many entries a list keeps. A cookie must carry the list for shoppers without scripts, and a
 * cookie holds about 4 KB: 50 entries of the longest ids stay well inside it.
 */
export const WISHLIST_MAX_ENTRIES = 50;

const SEPARATOR = ":";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface WishlistEntry {
  productId: string;
  /** The variant whose colour was chosen when the product was added. */
  colourVariantId?: string;
}

/** Whether a string is a well-formed entry: a product id, optionally `:` and a variant id. */
export function isWishlistEntry(entry: string): boolean {
  const [productId, colourVariantId, ...rest] = entry.split(SEPARATOR);
  if (rest.length > 0 || !productId || !ID.test(productId)) return false;
  return colourVariantId === undefined || ID.test(colourVariantId);
}

/** The entry's parts, or `null` when it is malformed. */
export function parseWishlistEntry(entry: string): WishlistEntry | null {
  if (!isWishlistEntry(entry)) return null;
  const [productId = "", colourVariantId] = entry.split(SEPARATOR);
  return colourVariantId ? { productId, colourVariantId } : { productId };
}

/** The stored form of a product (and the variant naming its colour, when one was chosen). */
export function wishlistEntry(productId: string, colourVariantId?: string): string {
  return colourVariantId ? `${productId}${SEPARATOR}${colourVariantId}` : productId;
}

/** The list without malformed entries or repeats, at most {@link WISHLIST_MAX_ENTRIES} long. */
export function cleanWishlist(entries: readonly unknown[]): string[] {
  const kept = new Set<string>();
  for (const entry of entries) {
    if (kept.size >= WISHLIST_MAX_ENTRIES) break;
    if (typeof entry === "string" && isWishlistEntry(entry)) kept.add(entry);
  }
  return [...kept];
}

/**
 * A stored list read back: whatever another version of the shop, an extension or a person left
 * under the key, the answer is a clean list (an unreadable value is an empty list, never an error).
 */
export function readStoredWishlist(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? cleanWishlist(value) : [];
  } catch {
    return [];
  }
}

/** Whether the product (in any colour) is on the list. */
export function isOnWishlist(entries: readonly string[], productId: string): boolean {
  return entries.some((entry) => parseWishlistEntry(entry)?.productId === productId);
}

export interface WishlistToggle {
  entries: string[];
  /** `added` when the product was absent, `removed` when present, `full` when there was no room. */
  change: "added" | "removed" | "full";
}

/**
 * C§4: toggling adds the entry when the product is absent and removes the product (in whatever
 * colour it was kept) when present. A new entry goes first, as the newest.
 */
export function toggleWishlist(entries: readonly string[], entry: string): WishlistToggle {
  const parsed = parseWishlistEntry(entry);
  if (!parsed) return { entries: [...entries], change: "removed" };
  if (isOnWishlist(entries, parsed.productId)) {
    return { entries: removeFromWishlist(entries, parsed.productId), change: "removed" };
  }
  if (entries.length >= WISHLIST_MAX_ENTRIES) return { entries: [...entries], change: "full" };
  return { entries: [entry, ...entries], change: "added" };
}

/** The list with the product added (idempotent: a product already there keeps its entry). */
export function addToWishlist(entries: readonly string[], entry: string): WishlistToggle {
  const parsed = parseWishlistEntry(entry);
  if (!parsed || isOnWishlist(entries, parsed.productId)) {
    return { entries: [...entries], change: "added" };
  }
  return toggleWishlist(entries, entry);
}

/** The list without the product, in any colour (idempotent). */
export function removeFromWishlist(entries: readonly string[], productId: string): string[] {
  return entries.filter((entry) => parseWishlistEntry(entry)?.productId !== productId);
}
