import { describe, expect, it } from "vitest";
import { readConfig } from "./config.server";

describe("storefront configuration", () => {
  it("has documented defaults", () => {
    const { settings, shopperApiUrl, storeGroupId } = readConfig({});
    expect(shopperApiUrl).toBe("http://localhost:4000");
    expect(storeGroupId).toBe("default");
    expect(settings).toMatchObject({
      showSignupLink: true,
      showForgotPasswordLink: true,
      showSignupLoginButton: true,
      organisationSignup: true,
      notificationChoices: ["email", "sms", "postal"],
      organisationAttributes: [],
      signupCountries: ["SE", "FI"],
      signupUserStatus: "active",
      giftCardsEnabled: true,
    });
  });

  it("switches every interface setting from the environment", () => {
    const { settings } = readConfig({
      KASSA_SHOW_SIGNUP_LINK: "false",
      KASSA_SHOW_FORGOT_PASSWORD_LINK: "0",
      KASSA_SHOW_SIGNUP_LOGIN_BUTTON: "off",
      KASSA_ORGANISATION_SIGNUP: "no",
      KASSA_NOTIFICATION_CHOICES: "email, postal, fax",
      KASSA_ORGANISATION_ATTRIBUTES: "retail=Detaljhandel, industry=Industri",
      KASSA_SIGNUP_COUNTRIES: "",
      KASSA_SIGNUP_USER_STATUS: "pending",
      KASSA_GIFT_CARDS_ENABLED: "false",
    });
    expect(settings).toMatchObject({
      showSignupLink: false,
      showForgotPasswordLink: false,
      showSignupLoginButton: false,
      organisationSignup: false,
      notificationChoices: ["email", "postal"],
      organisationAttributes: [
        { id: "retail", label: "Detaljhandel" },
        { id: "industry", label: "Industri" },
      ],
      signupCountries: [],
      signupUserStatus: "pending",
      giftCardsEnabled: false,
    });
  });

  it("reads the newsletter's marketing host and list", () => {
    expect(readConfig({})).toMatchObject({
      marketingApiUrl: "http://localhost:4000",
      newsletterListId: "newsletter",
    });
    expect(
      readConfig({
        KASSA_MARKETING_API_URL: "https://marketing.example.com",
        KASSA_NEWSLETTER_LIST_ID: " weekly ",
      }),
    ).toMatchObject({
      marketingApiUrl: "https://marketing.example.com",
      newsletterListId: "weekly",
    });
    expect(() => readConfig({ KASSA_NEWSLETTER_LIST_ID: " " })).toThrow(/KASSA_NEWSLETTER_LIST_ID/);
  });

  it("refuses a bad value, and production without a secret", () => {
    expect(() => readConfig({ KASSA_SHOW_SIGNUP_LINK: "maybe" })).toThrow(/KASSA_SHOW_SIGNUP_LINK/);
    expect(() => readConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });

  it("reads the server's trusted proxies and allowed origins", () => {
    // The shop's public origin is its own: its pages may post here whatever the proxies say.
    expect(readConfig({})).toMatchObject({
      trustedProxies: ["loopback"],
      allowedOrigins: ["http://localhost:3000"],
    });
    expect(
      readConfig({
        KASSA_TRUSTED_PROXIES:
          "loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0, uniquelocal",
        KASSA_ALLOWED_ORIGINS: "https://www.shop.example/, http://Shop.example:8080",
        KASSA_PUBLIC_ORIGIN: "https://shop.example",
      }),
    ).toMatchObject({
      trustedProxies: [
        "loopback",
        "10.0.0.0/8",
        "192.168.1.7",
        "fd00::/8",
        "172.16.0.0/255.240.0.0",
        "uniquelocal",
      ],
      allowedOrigins: [
        "https://shop.example",
        "https://www.shop.example",
        "http://shop.example:8080",
      ],
    });
    expect(readConfig({ KASSA_TRUSTED_PROXIES: "" }).trustedProxies).toEqual([]);
  });

  it("builds links on the public origin, and names the hosts pages may load from", () => {
    // Development and tests: the storefront's own port on localhost.
    expect(readConfig({})).toMatchObject({
      publicOrigin: "http://localhost:3000",
      contentOrigins: { images: ["http://localhost:4000"], payments: ["http://localhost:4000"] },
    });
    expect(readConfig({ PORT: "3160" }).publicOrigin).toBe("http://localhost:3160");
    expect(
      readConfig({
        KASSA_PUBLIC_ORIGIN: "https://Shop.example/",
        KASSA_SHOPPER_API_URL: "https://shopper.example/api",
        KASSA_PRODUCT_API_URL: "https://products.example/v1",
        KASSA_MEDIA_API_URL: "https://media.example",
      }),
    ).toMatchObject({
      publicOrigin: "https://shop.example",
      contentOrigins: {
        images: ["https://products.example", "https://media.example"],
        payments: ["https://shopper.example"],
      },
    });
    expect(
      readConfig({
        KASSA_IMAGE_ORIGINS: "https://cdn.shop.example",
        KASSA_PAYMENT_ORIGINS: "https://js.klarna.com, https://x.klarnacdn.net",
      }).contentOrigins,
    ).toEqual({
      images: ["https://cdn.shop.example"],
      payments: ["https://js.klarna.com", "https://x.klarnacdn.net"],
    });
    // Empty: no payment provider's host at all.
    expect(readConfig({ KASSA_PAYMENT_ORIGINS: "" }).contentOrigins.payments).toEqual([]);
    for (const name of ["KASSA_PUBLIC_ORIGIN", "KASSA_IMAGE_ORIGINS", "KASSA_PAYMENT_ORIGINS"]) {
      expect(() => readConfig({ [name]: "https://shop.example/path" }), name).toThrow(name);
    }
  });

  it("refuses a proxy or origin it cannot use", () => {
    for (const value of ["true", "1", "proxy.example", "10.0.0.0/8/1", "10.0.0.0/abc"]) {
      expect(() => readConfig({ KASSA_TRUSTED_PROXIES: value }), value).toThrow(
        /KASSA_TRUSTED_PROXIES/,
      );
    }
    for (const value of [
      "shop.example",
      "https://shop.example/path",
      "null",
      "ftp://shop.example",
    ]) {
      expect(() => readConfig({ KASSA_ALLOWED_ORIGINS: value }), value).toThrow(
        /KASSA_ALLOWED_ORIGINS/,
      );
    }
  });

  it("caches catalogue reads, prices and stock for 30 s + 10 s stale, told by the shopper API's stream", () => {
    const defaults = readConfig({ KASSA_SHOPPER_API_URL: "http://platform.test:4000" });
    expect(defaults.catalogueCacheSeconds).toBe(30);
    expect(defaults.catalogueCacheStaleSeconds).toBe(10);
    expect(defaults.cacheTags).toEqual({
      mode: "on",
      streamUrl: "http://platform.test:4000",
      redisUrl: undefined,
    });
    const set = readConfig({
      KASSA_CATALOGUE_CACHE_SECONDS: "120",
      KASSA_CATALOGUE_CACHE_STALE_SECONDS: "0",
      KASSA_CACHE_TAGS: "off",
      KASSA_CACHE_TAGS_URL: "http://tags.test",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(set.catalogueCacheSeconds).toBe(120);
    expect(set.catalogueCacheStaleSeconds).toBe(0);
    expect(set.cacheTags).toEqual({
      mode: "off",
      streamUrl: "http://tags.test",
      redisUrl: "redis://127.0.0.1:6379",
    });
    expect(() => readConfig({ KASSA_CATALOGUE_CACHE_STALE_SECONDS: "-1" })).toThrow(
      /KASSA_CATALOGUE_CACHE_STALE_SECONDS/,
    );
    expect(() => readConfig({ REDIS_URL: "http://redis.test" })).toThrow(/REDIS_URL/);
  });

  it("runs one process unless WEB_CONCURRENCY asks for more", () => {
    expect(readConfig({}).webConcurrency).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
    for (const value of ["0", "1.5", "two", "65"]) {
      expect(() => readConfig({ WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
