import { describe, expect, it } from "vitest";
import {
  addToWishlist,
  cleanWishlist,
  isOnWishlist,
  isWishlistEntry,
  parseWishlistEntry,
  readStoredWishlist,
  removeFromWishlist,
  toggleWishlist,
  WISHLIST_MAX_ENTRIES,
  wishlistEntry,
} from "./wishlist-entries.js";

describe("wishlist entries", () => {
  it("are a product id, optionally with the variant that names the colour", () => {
    expect(wishlistEntry("pp-1001")).toBe("pp-1001");
    expect(wishlistEntry("pp-1001", "pv-1001-04")).toBe("pp-1001:pv-1001-04");
    expect(parseWishlistEntry("pp-1001:pv-1001-04")).toEqual({
      productId: "pp-1001",
      colourVariantId: "pv-1001-04",
    });
    expect(parseWishlistEntry("pp-1001")).toEqual({ productId: "pp-1001" });
  });

  it.each([
    "",
    ":",
    "pp-1001:",
    ":pv-1",
    "a:b:c",
    "pp 1001",
    "pp,1001",
    "x".repeat(65),
    "<script>",
  ])("rejects %j", (entry) => {
    expect(isWishlistEntry(entry)).toBe(false);
    expect(parseWishlistEntry(entry)).toBeNull();
  });
});

describe("toggleWishlist (C§4)", () => {
  it("adds an absent product first, as the newest", () => {
    expect(toggleWishlist(["pp-2"], "pp-1:pv-1")).toEqual({
      entries: ["pp-1:pv-1", "pp-2"],
      change: "added",
    });
  });

  it("removes a present product whatever colour it was kept in", () => {
    expect(toggleWishlist(["pp-1:pv-1", "pp-2"], "pp-1:pv-9")).toEqual({
      entries: ["pp-2"],
      change: "removed",
    });
    expect(toggleWishlist(["pp-1"], "pp-1")).toEqual({ entries: [], change: "removed" });
  });

  it("says full instead of growing past the limit", () => {
    const full = Array.from({ length: WISHLIST_MAX_ENTRIES }, (_, index) => `pp-${index}`);
    expect(toggleWishlist(full, "pp-new")).toEqual({ entries: full, change: "full" });
    expect(toggleWishlist(full, "pp-0").change).toBe("removed");
  });
});

describe("add and remove", () => {
  it("are idempotent, so a repeated form post changes nothing", () => {
    const once = addToWishlist([], "pp-1").entries;
    expect(addToWishlist(once, "pp-1:pv-2").entries).toEqual(["pp-1"]);
    expect(removeFromWishlist(removeFromWishlist(once, "pp-1"), "pp-1")).toEqual([]);
  });

  it("knows a product on the list in any colour", () => {
    expect(isOnWishlist(["pp-1:pv-2"], "pp-1")).toBe(true);
    expect(isOnWishlist(["pp-10"], "pp-1")).toBe(false);
  });
});

describe("stored lists", () => {
  it("drop malformed entries, repeats and anything past the limit", () => {
    const many = Array.from({ length: WISHLIST_MAX_ENTRIES + 5 }, (_, index) => `pp-${index}`);
    expect(cleanWishlist(["pp-1", "pp-1", 7, "bad entry", null, "pp-2"])).toEqual(["pp-1", "pp-2"]);
    expect(cleanWishlist(many)).toHaveLength(WISHLIST_MAX_ENTRIES);
  });

  it("read whatever is under the key as a list, never an error", () => {
    expect(readStoredWishlist('["pp-1","pp-2:pv-3"]')).toEqual(["pp-1", "pp-2:pv-3"]);
    expect(readStoredWishlist("not json")).toEqual([]);
    expect(readStoredWishlist('{"a":1}')).toEqual([]);
    expect(readStoredWishlist(null)).toEqual([]);
  });
});
