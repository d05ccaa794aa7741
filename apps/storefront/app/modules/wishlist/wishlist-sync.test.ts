import { describe, expect, it } from "vitest";
import { refreshesWishlist } from "./wishlist-sync";

describe("refreshesWishlist (C§2: on /favorites and the account pages)", () => {
  it("refreshes on the wishlist page and every account page", () => {
    expect(refreshesWishlist("/favorites")).toBe(true);
    expect(refreshesWishlist("/favorites/")).toBe(true);
    expect(refreshesWishlist("/my-account/overview/")).toBe(true);
    expect(refreshesWishlist("/my-account/orders/ord-1")).toBe(true);
    expect(refreshesWishlist("/my-account")).toBe(true);
  });
  it("does not refresh elsewhere, nor on a path that only contains the words", () => {
    expect(refreshesWishlist("/sv-se/")).toBe(false);
    expect(refreshesWishlist("/sv-se/produkt/ulltroja-fjall")).toBe(false);
    expect(refreshesWishlist("/sv-se/sok?q=favorites")).toBe(false);
    expect(refreshesWishlist("/sv-se/produkt/my-accountant-mug")).toBe(false);
  });
});
