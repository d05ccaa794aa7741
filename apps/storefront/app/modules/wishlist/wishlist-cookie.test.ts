import { describe, expect, it } from "vitest";
import {
  formatWishlistCookie,
  parseWishlistCookie,
  wishlistCookieString,
  wishlistFromCookieHeader,
} from "./wishlist-cookie";

describe("the wishlist cookie", () => {
  it("round-trips a list, dropping what is malformed", () => {
    const value = formatWishlistCookie(["pp-1:pv-2", "pp-3", "bad entry"]);
    expect(value).toBe("pp-1:pv-2.pp-3");
    expect(parseWishlistCookie(value)).toEqual(["pp-1:pv-2", "pp-3"]);
    expect(parseWishlistCookie("")).toEqual([]);
  });

  it("is found among other cookies", () => {
    expect(wishlistFromCookieHeader("lng=sv; wishlist=pp-1.pp-2; market=x")).toEqual([
      "pp-1",
      "pp-2",
    ]);
    expect(wishlistFromCookieHeader("lng=sv")).toEqual([]);
    expect(wishlistFromCookieHeader(null)).toEqual([]);
  });

  it("is readable by scripts, lives a year, and an empty list expires it", () => {
    expect(wishlistCookieString(["pp-1"], true)).toBe(
      "wishlist=pp-1; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
    );
    expect(wishlistCookieString([], false)).toBe("wishlist=; Max-Age=0; Path=/; SameSite=Lax");
  });
});
