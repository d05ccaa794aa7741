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
    expect(wishlistFromCookieHeader("lng=sv; wishlist=pp-1.pp-2; market=x", false)).toEqual([
      "pp-1",
      "pp-2",
    ]);
    expect(wishlistFromCookieHeader("lng=sv", false)).toEqual([]);
    expect(wishlistFromCookieHeader(null, false)).toEqual([]);
  });

  it("is __Host-wishlist where cookies are Secure, and only that one is read there (issue 38)", () => {
    const both = "wishlist=pp-9; __Host-wishlist=pp-1";
    expect(wishlistFromCookieHeader(both, true)).toEqual(["pp-1"]);
    expect(wishlistFromCookieHeader(both, false)).toEqual(["pp-9"]);
    expect(wishlistFromCookieHeader("wishlist=pp-9", true)).toEqual([]);
  });

  it("is readable by scripts, lives a year, and an empty list expires it", () => {
    expect(wishlistCookieString(["pp-1"], true)).toBe(
      "__Host-wishlist=pp-1; Max-Age=31536000; Path=/; SameSite=Lax; Secure",
    );
    expect(wishlistCookieString([], false)).toBe("wishlist=; Max-Age=0; Path=/; SameSite=Lax");
  });
});
