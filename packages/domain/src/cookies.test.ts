import { describe, expect, it } from "vitest";
import {
  COOKIE_LIFETIMES,
  COOKIE_NAMES,
  COOKIES,
  cookieNameOnWire,
  LOGOUT_COOKIES,
} from "./cookies.js";

describe("cookies", () => {
  it("keeps the spec's lifetimes", () => {
    expect(COOKIES.cartToken).toMatchObject({ name: "cartToken", maxAge: 2_592_000 });
    expect(COOKIES.checkoutToken).toMatchObject({ name: "checkoutToken", maxAge: 172_800 });
    expect(COOKIES.avardaPurchaseToken.maxAge).toBe(1800);
    expect(COOKIES.language).toMatchObject({ name: "lng", maxAge: 31_536_000 });
    expect(COOKIES.market).toMatchObject({ name: "market", maxAge: 31_536_000 });
    // Issue 30: the cookie choice is asked again after 12 months, and logout keeps it.
    expect(COOKIES.consent).toMatchObject({
      name: "kassa_consent",
      maxAge: 31_536_000,
      clearedOnLogout: false,
    });
  });

  it("clears the session cookies on logout and keeps the preferences", () => {
    expect(LOGOUT_COOKIES.map((cookie) => cookie.name).sort()).toEqual(
      [
        "avardaPurchaseToken",
        "cartToken",
        "checkoutToken",
        "kassa_newsletter_confirm_token",
        "kassa_newsletter_unsubscribe_token",
        "kassa_reset_token",
        "kassa_verify_token",
        "refreshToken",
        "storeGroupId",
        "storeGroupSlug",
        "userId",
        "userToken",
        "wishlist",
        "wishlistOwner",
      ].sort(),
    );
  });

  it("keeps a mail link's token minutes, not longer than its page needs it (issue 38)", () => {
    expect(COOKIES.resetPasswordToken).toMatchObject({ name: "kassa_reset_token", maxAge: 600 });
    expect(COOKIES.verifyEmailToken).toMatchObject({ name: "kassa_verify_token", maxAge: 600 });
    expect(COOKIE_LIFETIMES.newsletterConfirmToken).toBe(120);
    expect(COOKIE_LIFETIMES.newsletterUnsubscribeToken).toBe(600);
    const names = Object.values(COOKIES).map((cookie) => cookie.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("lists names and lifetimes by key", () => {
    expect(COOKIE_NAMES.language).toBe("lng");
    expect(COOKIE_NAMES.cartToken).toBe("cartToken");
    expect(COOKIE_LIFETIMES.cartToken).toBe(2_592_000);
    expect(COOKIE_LIFETIMES.checkoutToken).toBe(172_800);
    expect(COOKIE_LIFETIMES.market).toBe(31_536_000);
  });

  it("names a Secure cookie with __Host- at Path=/ and no Domain, __Secure- otherwise (issue 38)", () => {
    expect(cookieNameOnWire("cartToken", { secure: true })).toBe("__Host-cartToken");
    expect(cookieNameOnWire(COOKIE_NAMES.wishlist, { secure: true, path: "/" })).toBe(
      "__Host-wishlist",
    );
    expect(cookieNameOnWire("x", { secure: true, path: "/checkout" })).toBe("__Secure-x");
    expect(cookieNameOnWire("x", { secure: true, domain: "kassa.example" })).toBe("__Secure-x");
    // Not Secure (development, a shop tested over HTTP): browsers would refuse a prefixed name.
    expect(cookieNameOnWire("cartToken", { secure: false })).toBe("cartToken");
    expect(cookieNameOnWire("x", { secure: false, path: "/checkout" })).toBe("x");
  });
});
