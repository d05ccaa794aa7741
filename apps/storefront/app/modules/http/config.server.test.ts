import { DEVELOPMENT_STOREFRONT_TOKEN } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import { developmentDefaultsWarning } from "../../../server/development-defaults";
import { DEVELOPMENT_SESSION_SECRET, readConfig } from "./config.server";

/** The shop's token as the browser tests start the production build with it. */
const TOKEN = "e2e-only-storefront-token-0123456789abcdef";

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

  it("reads the server's body limits, timeouts and saturation bound, with safe defaults", () => {
    expect(readConfig({}).edge).toEqual({
      saturatedAfterMs: 10_000,
      formMaxBytes: 64 * 1024,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000,
      requestTimeoutMs: 300_000,
    });
    expect(
      readConfig({
        KASSA_SATURATED_WAIT_SECONDS: "2.5",
        KASSA_FORM_MAX_KB: "256",
        KASSA_HEADERS_TIMEOUT_SECONDS: "5",
        KASSA_BODY_TIMEOUT_SECONDS: "20",
        KASSA_REQUEST_TIMEOUT_SECONDS: "600",
      }).edge,
    ).toEqual({
      saturatedAfterMs: 2_500,
      formMaxBytes: 256 * 1024,
      headersTimeoutMs: 5_000,
      bodyTimeoutMs: 20_000,
      requestTimeoutMs: 600_000,
    });
    expect(() => readConfig({ KASSA_FORM_MAX_KB: "0" })).toThrow(/KASSA_FORM_MAX_KB/);
    expect(() => readConfig({ KASSA_HEADERS_TIMEOUT_SECONDS: "0" })).toThrow(
      /KASSA_HEADERS_TIMEOUT_SECONDS/,
    );
    expect(() =>
      readConfig({ KASSA_HEADERS_TIMEOUT_SECONDS: "60", KASSA_REQUEST_TIMEOUT_SECONDS: "30" }),
    ).toThrow(/must not exceed KASSA_REQUEST_TIMEOUT_SECONDS/);
  });

  it("refuses a weak or published SESSION_SECRET outside development and test", () => {
    const strong = "9f1c2b7e4a8d3f60c5e1b9a27d4f8e03a6c1d5b9e2f7a4c80d3b6e1f5a9c2d7e";
    const production = { NODE_ENV: "production", KASSA_STOREFRONT_TOKEN: TOKEN };
    expect(readConfig({ ...production, SESSION_SECRET: strong }).sessionSecret).toBe(strong);
    // What the browser tests and the benchmarks start the production build with.
    for (const secret of [
      "e2e-only-secret-0123456789abcdef",
      "bench-only-secret-0123456789abcdef",
    ]) {
      expect(readConfig({ ...production, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    }
    for (const [secret, reason] of [
      ["0123456789abcdef", "it has 16 characters, at least 32 are needed"],
      ["z".repeat(40), "it uses 1 different characters"],
      [DEVELOPMENT_SESSION_SECRET, "it is a published development value"],
    ] as const) {
      expect(() => readConfig({ ...production, SESSION_SECRET: secret }), secret).toThrow(
        `SESSION_SECRET is too weak for NODE_ENV=production: ${reason}`,
      );
    }
    // A staging box or a typo is production: no published secret by a misspelt NODE_ENV.
    expect(() => readConfig({ NODE_ENV: "prod" })).toThrow(
      "SESSION_SECRET must be set when NODE_ENV=prod",
    );
    expect(readConfig({ NODE_ENV: "test" }).sessionSecret).toBe(DEVELOPMENT_SESSION_SECRET);
  });

  it("refuses a guessable or published KASSA_CACHE_TAGS_SECRET outside development and test (ADR 0051)", () => {
    const strong = "9f1c2b7e4a8d3f60c5e1b9a27d4f8e03a6c1d5b9e2f7a4c80d3b6e1f5a9c2d7e";
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: strong,
      KASSA_STOREFRONT_TOKEN: TOKEN,
    };
    const randomHex = "3b9e0f6a1c7d42e8b5a09f3c6e1d7b24a8f05c9e3d6b1a7f";
    const secretOf = (env: Record<string, string>) => readConfig(env).cacheTags.streamSecret;
    expect(secretOf({ ...production, KASSA_CACHE_TAGS_SECRET: randomHex })).toBe(randomHex);
    // What the benchmarks start the production build with (bench/processes.mjs).
    const bench = "bench-only-cache-tags-secret-0123456789";
    expect(secretOf({ ...production, KASSA_CACHE_TAGS_SECRET: bench })).toBe(bench);
    expect(secretOf(production)).toBeUndefined();
    for (const [secret, reason] of [
      ["a".repeat(40), "it uses 1 different characters"],
      [DEVELOPMENT_SESSION_SECRET, "it is a published development value"],
    ] as const) {
      for (const nodeEnv of ["production", "staging"]) {
        expect(
          () => readConfig({ ...production, NODE_ENV: nodeEnv, KASSA_CACHE_TAGS_SECRET: secret }),
          `${nodeEnv} ${secret}`,
        ).toThrow(`KASSA_CACHE_TAGS_SECRET is too weak for NODE_ENV=${nodeEnv}: ${reason}`);
      }
    }
    // Outside production only the length, as before.
    expect(secretOf({ NODE_ENV: "test", KASSA_CACHE_TAGS_SECRET: "a".repeat(40) })).toBe(
      "a".repeat(40),
    );
    expect(() => readConfig({ KASSA_CACHE_TAGS_SECRET: "a".repeat(31) })).toThrow(
      /KASSA_CACHE_TAGS_SECRET: must be at least 32 characters/,
    );
  });

  it("needs a strong KASSA_STOREFRONT_TOKEN of its own outside development and test", () => {
    const secret = "e2e-only-secret-0123456789abcdef";
    expect(readConfig({}).storefrontToken).toBe(DEVELOPMENT_STOREFRONT_TOKEN);
    expect(readConfig({ NODE_ENV: "test" }).storefrontToken).toBe(DEVELOPMENT_STOREFRONT_TOKEN);
    expect(readConfig({ KASSA_STOREFRONT_TOKEN: TOKEN }).storefrontToken).toBe(TOKEN);
    for (const NODE_ENV of ["production", "staging"]) {
      expect(() => readConfig({ NODE_ENV, SESSION_SECRET: secret })).toThrow(
        `KASSA_STOREFRONT_TOKEN must be set when NODE_ENV=${NODE_ENV}`,
      );
    }
    const production = { NODE_ENV: "production", SESSION_SECRET: secret };
    expect(readConfig({ ...production, KASSA_STOREFRONT_TOKEN: TOKEN }).storefrontToken).toBe(
      TOKEN,
    );
    for (const [token, reason] of [
      ["0123456789abcdef", "it has 16 characters, at least 32 are needed"],
      ["t".repeat(40), "it uses 1 different characters"],
      [DEVELOPMENT_STOREFRONT_TOKEN, "it is a published development value"],
    ] as const) {
      expect(() => readConfig({ ...production, KASSA_STOREFRONT_TOKEN: token }), token).toThrow(
        `KASSA_STOREFRONT_TOKEN is too weak for NODE_ENV=production: ${reason}`,
      );
    }
  });

  it("lists the development defaults in use, for the warning printed at start", () => {
    const development = readConfig({});
    const unsetOrigin =
      "KASSA_PUBLIC_ORIGIN is unset: links and the payment providers' return URLs lead to http://localhost:3000";
    const developmentToken =
      "KASSA_STOREFRONT_TOKEN is unset: the platform is called with the published development storefront token";
    expect(development.developmentDefaults).toEqual([
      "SESSION_SECRET is unset: cookies are signed with the published development secret",
      developmentToken,
      "cookies are sent without Secure (KASSA_COOKIE_SECURE)",
      unsetOrigin,
    ]);
    expect(developmentDefaultsWarning(development)?.split("\n")).toEqual([
      "[storefront] !!! Development defaults are on (NODE_ENV=development). Never put this storefront on the internet like this:",
      "[storefront] !!!   - SESSION_SECRET is unset: cookies are signed with the published development secret",
      `[storefront] !!!   - ${developmentToken}`,
      "[storefront] !!!   - cookies are sent without Secure (KASSA_COOKIE_SECURE)",
      `[storefront] !!!   - ${unsetOrigin}`,
      expect.stringContaining("README's Configuration"),
    ]);
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "e2e-only-secret-0123456789abcdef",
      KASSA_STOREFRONT_TOKEN: TOKEN,
    };
    expect(readConfig(production).developmentDefaults).toEqual([unsetOrigin]);
    const configured = readConfig({ ...production, KASSA_PUBLIC_ORIGIN: "https://shop.example" });
    expect(configured.developmentDefaults).toEqual([]);
    expect(developmentDefaultsWarning(configured)).toBeUndefined();
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
      analytics: { scripts: [], connections: [] },
    });
    // Empty: no payment provider's host at all.
    expect(readConfig({ KASSA_PAYMENT_ORIGINS: "" }).contentOrigins.payments).toEqual([]);
    for (const name of ["KASSA_PUBLIC_ORIGIN", "KASSA_IMAGE_ORIGINS", "KASSA_PAYMENT_ORIGINS"]) {
      expect(() => readConfig({ [name]: "https://shop.example/path" }), name).toThrow(name);
    }
  });

  it("loads no Google tag unless one is configured, and then allows its hosts (ADR 0038)", () => {
    expect(readConfig({}).analyticsTag).toBeNull();
    expect(readConfig({}).contentOrigins.analytics.scripts).toEqual([]);
    const gtm = readConfig({ KASSA_GTM_ID: "GTM-ABC123", KASSA_GA4_ID: "G-XYZ" });
    expect(gtm.analyticsTag).toEqual({ kind: "gtm", id: "GTM-ABC123" });
    expect(gtm.contentOrigins.analytics.scripts).toEqual(["https://www.googletagmanager.com"]);
    expect(readConfig({ KASSA_GA4_ID: "G-XYZ" }).analyticsTag).toEqual({
      kind: "ga4",
      id: "G-XYZ",
    });
    expect(readConfig({ KASSA_GTM_ID: " " }).analyticsTag).toBeNull();
    expect(() => readConfig({ KASSA_GTM_ID: "G-XYZ" })).toThrow(/KASSA_GTM_ID/);
    expect(() => readConfig({ KASSA_GA4_ID: 'x"><script>' })).toThrow(/KASSA_GA4_ID/);
  });

  it("reads who may scrape /metrics and the shutdown deadline (ADR 0042)", () => {
    expect(readConfig({}).operations).toEqual({ metricsAllowed: [], shutdownTimeoutMs: 10_000 });
    expect(
      readConfig({
        KASSA_METRICS_ALLOWED: "10.0.5.7, 10.1.0.0/16,fd00::/8",
        KASSA_SHUTDOWN_TIMEOUT_MS: "2500",
      }).operations,
    ).toEqual({ metricsAllowed: ["10.0.5.7", "10.1.0.0/16", "fd00::/8"], shutdownTimeoutMs: 2500 });
    for (const value of ["loopback", "prometheus.internal", "10.0.0.0/33", "10.0.0.0/8/1"]) {
      expect(() => readConfig({ KASSA_METRICS_ALLOWED: value }), value).toThrow(
        /KASSA_METRICS_ALLOWED/,
      );
    }
    expect(() => readConfig({ KASSA_SHUTDOWN_TIMEOUT_MS: "-1" })).toThrow(
      /KASSA_SHUTDOWN_TIMEOUT_MS/,
    );
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

  it("gives each kind of backend call its deadline: 5 s to read, 10 s to write, 20 s to pay, 30 s to upload", () => {
    expect(readConfig({}).deadlines).toEqual({
      read: 5_000,
      write: 10_000,
      payment: 20_000,
      upload: 30_000,
    });
    expect(
      readConfig({
        KASSA_DEADLINE_READ_MS: "2500",
        KASSA_DEADLINE_WRITE_MS: "8000",
        KASSA_DEADLINE_PAYMENT_MS: "45000",
        KASSA_DEADLINE_UPLOAD_MS: "60000",
      }).deadlines,
    ).toEqual({ read: 2_500, write: 8_000, payment: 45_000, upload: 60_000 });
    for (const bad of ["0", "50", "-1", "soon", "1.5"]) {
      expect(() => readConfig({ KASSA_DEADLINE_READ_MS: bad })).toThrow(/KASSA_DEADLINE_READ_MS/);
    }
  });

  it("runs one process unless WEB_CONCURRENCY asks for more", () => {
    expect(readConfig({}).webConcurrency).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: "4" }).webConcurrency).toBe(4);
    for (const value of ["0", "1.5", "two", "65"]) {
      expect(() => readConfig({ WEB_CONCURRENCY: value }), value).toThrow(/WEB_CONCURRENCY/);
    }
  });
});
