import { join } from "node:path";
import { DEVELOPMENT_STOREFRONT_TOKEN } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import {
  completeConfig,
  DEVELOPMENT_SESSION_SECRET,
  defaultTestMediaDir,
  readPaymentProviders,
  readServerConfig,
} from "./config.js";
import { DEVELOPMENT_OAUTH_CLIENT } from "./modules/oauth/oauth-clients.js";
import {
  adyenHmacKey,
  DEVELOPMENT_ADYEN_HMAC_KEY,
} from "./modules/payments/adyen/notifications.js";
import { DEFAULT_PAYMENT_PROVIDERS, paymentProvidersFor } from "./modules/shopper/capabilities.js";

/** A secret as `openssl rand -hex 32` makes one. */
const STRONG_SECRET = "9f1c2b7e4a8d3f60c5e1b9a27d4f8e03a6c1d5b9e2f7a4c80d3b6e1f5a9c2d7e";
const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: STRONG_SECRET };

describe("readServerConfig", () => {
  it("has development defaults for the account settings", () => {
    const config = readServerConfig({});
    expect(config).toMatchObject({
      storefrontUrl: "http://localhost:3000",
      mailFrom: "Kassa <no-reply@kassa.test>",
      devMail: true,
    });
    expect(config.smtpUrl).toBeUndefined();
  });

  it("reads STOREFRONT_URL (without a trailing slash), SMTP_URL and MAIL_FROM", () => {
    const config = readServerConfig({
      STOREFRONT_URL: "https://shop.example/",
      SMTP_URL: "smtp://u:p@mail.example:2525",
      MAIL_FROM: "Shop <shop@example>",
    });
    expect(config).toMatchObject({
      storefrontUrl: "https://shop.example",
      smtpUrl: "smtp://u:p@mail.example:2525",
      mailFrom: "Shop <shop@example>",
    });
  });

  it("turns the outbox pages off in production unless KASSA_DEV_MAIL=true", () => {
    const production = PRODUCTION;
    expect(readServerConfig(production).devMail).toBe(false);
    expect(readServerConfig({ ...production, KASSA_DEV_MAIL: "true" }).devMail).toBe(true);
    expect(readServerConfig({ ...production, KASSA_DEV_MAIL: "1" }).devMail).toBe(false);
  });

  it("seeds the demo users (public password) only outside production, unless asked", () => {
    const production = PRODUCTION;
    expect(readServerConfig({}).demoAccounts).toBe(true);
    expect(readServerConfig(production).demoAccounts).toBe(false);
    expect(readServerConfig({ ...production, KASSA_DEMO_ACCOUNTS: "true" }).demoAccounts).toBe(
      true,
    );
    expect(readServerConfig({ KASSA_DEMO_ACCOUNTS: "false" }).demoAccounts).toBe(false);
  });

  it("trusts forwarded addresses from loopback by default, or from the listed proxies", () => {
    expect(readServerConfig({}).trustedProxies).toEqual(["loopback"]);
    expect(
      readServerConfig({ KASSA_TRUSTED_PROXIES: "loopback, 10.0.0.0/8 ,192.0.2.7" }).trustedProxies,
    ).toEqual(["loopback", "10.0.0.0/8", "192.0.2.7"]);
    expect(readServerConfig({ KASSA_TRUSTED_PROXIES: "" }).trustedProxies).toEqual([]);
  });
});

describe("the operations settings (ADR 0039)", () => {
  it("reads who may read /metrics and the shutdown deadline, and stops on a bad value", () => {
    expect(readServerConfig({})).toMatchObject({
      metricsAllowed: [],
      metricsToken: undefined,
      shutdownTimeoutMs: 10_000,
    });
    const token = "m".repeat(32);
    expect(
      readServerConfig({
        KASSA_METRICS_ALLOWED: "10.0.5.0/24, 192.0.2.7",
        KASSA_METRICS_TOKEN: token,
        KASSA_SHUTDOWN_TIMEOUT_MS: "30000",
      }),
    ).toMatchObject({
      metricsAllowed: ["10.0.5.0/24", "192.0.2.7"],
      metricsToken: token,
      shutdownTimeoutMs: 30_000,
    });
    expect(() => readServerConfig({ KASSA_METRICS_ALLOWED: "10.0.5.0/99" })).toThrow(
      /KASSA_METRICS_ALLOWED/,
    );
    expect(() => readServerConfig({ KASSA_METRICS_TOKEN: "short" })).toThrow(/KASSA_METRICS_TOKEN/);
    expect(() => readServerConfig({ KASSA_SHUTDOWN_TIMEOUT_MS: "soon" })).toThrow(
      /KASSA_SHUTDOWN_TIMEOUT_MS/,
    );
  });
});

describe("completeConfig", () => {
  it("fills in what serve() callers leave out", () => {
    expect(completeConfig({ sessionSecret: "s" }, "http://127.0.0.1:1")).toEqual({
      sessionSecret: "s",
      publicUrl: "http://127.0.0.1:1",
      storefrontUrl: "http://localhost:3000",
      mailFrom: "Kassa <no-reply@kassa.test>",
      devMail: true,
      trustedProxies: ["loopback"],
      paymentSandboxes: true,
      storefrontOrigins: ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"],
      outboundAllowedNetworks: [],
      paymentProviders: DEFAULT_PAYMENT_PROVIDERS,
      orderDeskEmail: "order@kassa.test",
      oauthClients: [DEVELOPMENT_OAUTH_CLIENT],
      storefrontTokens: [DEVELOPMENT_STOREFRONT_TOKEN],
      oauthTokenSeconds: 900,
      sessionStartsPerAddress: 60,
      mediaDir: defaultTestMediaDir(),
      printFileMaxMb: 5,
      conversionsAtOnce: 1,
      metricsAllowed: [],
    });
  });

  it("reads the order desk's address (KASSA_ORDER_DESK_EMAIL), order@kassa.test by default", () => {
    expect(readServerConfig({}).orderDeskEmail).toBe("order@kassa.test");
    expect(readServerConfig({ KASSA_ORDER_DESK_EMAIL: "ordrar@shop.example" }).orderDeskEmail).toBe(
      "ordrar@shop.example",
    );
  });
});

describe("KASSA_PAYMENT_PROVIDERS", () => {
  it("is the defaults when unset: Qliro One in Sweden, Avarda in Finland, Walley for companies", () => {
    const settings = readPaymentProviders(undefined);
    expect(settings).toEqual(DEFAULT_PAYMENT_PROVIDERS);
    expect(paymentProvidersFor(settings, "default", "SE")[0]).toBe("QliroOne");
    expect(paymentProvidersFor(settings, "default", "FI")[0]).toBe("Avarda");
    expect(paymentProvidersFor(settings, "business", "FI")).toEqual(["WalleyCheckout"]);
  });

  it("replaces the defaults as a whole, most specific entry first", () => {
    const settings = readPaymentProviders("*:*=KlarnaCheckout; default:fi=Adyen,Avarda");
    expect(paymentProvidersFor(settings, "default", "SE")).toEqual(["KlarnaCheckout"]);
    expect(paymentProvidersFor(settings, "default", "FI")).toEqual(["Adyen", "Avarda"]);
    expect(paymentProvidersFor(settings, "business", "FI")).toEqual(["KlarnaCheckout"]);
  });

  it("stops the start on a provider it does not know or an entry it cannot read", () => {
    expect(() => readPaymentProviders("*:*=Swish")).toThrow("unknown provider Swish");
    expect(() => readPaymentProviders("KlarnaCheckout")).toThrow("is not storeGroup:country");
  });
});

describe("KASSA_OAUTH_CLIENTS and KASSA_OAUTH_TOKEN_SECONDS", () => {
  it("has the development client outside production, and none in production unless configured", () => {
    expect(readServerConfig({}).oauthClients).toEqual([DEVELOPMENT_OAUTH_CLIENT]);
    expect(readServerConfig(PRODUCTION).oauthClients).toEqual([]);
  });

  it("reads id:secret:scopes entries, and stops on an unknown scope, a missing secret or a repeat", () => {
    expect(
      readServerConfig({
        KASSA_OAUTH_CLIENTS:
          "erp:s3cret:order-management/order:read order-management/order:write; bi:x:order-management/order:read",
      }).oauthClients,
    ).toEqual([
      {
        id: "erp",
        secret: "s3cret",
        scopes: ["order-management/order:read", "order-management/order:write"],
      },
      { id: "bi", secret: "x", scopes: ["order-management/order:read"] },
    ]);
    expect(() => readServerConfig({ KASSA_OAUTH_CLIENTS: "erp:s:orders:all" })).toThrow(
      /unknown scope/,
    );
    expect(() =>
      readServerConfig({ KASSA_OAUTH_CLIENTS: "erp::order-management/order:read" }),
    ).toThrow(/needs an id/);
    expect(() => readServerConfig({ KASSA_OAUTH_CLIENTS: "a:1:;a:2:" })).toThrow(/twice/);
  });

  it("in production, stops the start on a weak client secret, the development client's among them", () => {
    const scopes = "order-management/order:read";
    const client = (secret: string) => `erp:${secret}:${scopes}`;
    expect(
      readServerConfig({ ...PRODUCTION, KASSA_OAUTH_CLIENTS: client(STRONG_SECRET) }).oauthClients,
    ).toHaveLength(1);
    for (const secret of ["s3cret", "a".repeat(40), DEVELOPMENT_OAUTH_CLIENT.secret]) {
      expect(
        () => readServerConfig({ ...PRODUCTION, KASSA_OAUTH_CLIENTS: client(secret) }),
        secret,
      ).toThrow(/KASSA_OAUTH_CLIENTS: the secret of "erp" is too weak/);
    }
  });

  it("takes a token lifetime from 60 s to a day", () => {
    expect(readServerConfig({ KASSA_OAUTH_TOKEN_SECONDS: "300" }).oauthTokenSeconds).toBe(300);
    expect(() => readServerConfig({ KASSA_OAUTH_TOKEN_SECONDS: "5" })).toThrow(/60–86400/);
  });
});

describe("KASSA_STOREFRONT_TOKENS", () => {
  const OTHER_SECRET = "4b7e0c9d2a6f1e85c3b0d7a4f9e2c6b1a5d8f3e07c4b9a2d6e1f8c5b3a0d7e94";

  it("is the published development token outside production, and none in production unless set", () => {
    expect(readServerConfig({}).storefrontTokens).toEqual([DEVELOPMENT_STOREFRONT_TOKEN]);
    expect(readServerConfig({ NODE_ENV: "test" }).storefrontTokens).toEqual([
      DEVELOPMENT_STOREFRONT_TOKEN,
    ]);
    expect(readServerConfig(PRODUCTION).storefrontTokens).toEqual([]);
    // Set, it replaces the default, also outside production; set but empty is none.
    expect(readServerConfig({ KASSA_STOREFRONT_TOKENS: "" }).storefrontTokens).toEqual([]);
  });

  it("takes several, comma-separated, so a token can be rotated with two valid at once", () => {
    expect(
      readServerConfig({
        ...PRODUCTION,
        KASSA_STOREFRONT_TOKENS: ` ${STRONG_SECRET} , ${OTHER_SECRET} `,
      }).storefrontTokens,
    ).toEqual([STRONG_SECRET, OTHER_SECRET]);
    expect(() =>
      readServerConfig({ KASSA_STOREFRONT_TOKENS: `${STRONG_SECRET},${STRONG_SECRET}` }),
    ).toThrow("KASSA_STOREFRONT_TOKENS: token 2 is listed twice");
  });

  it("in production, stops the start on a weak or published token", () => {
    for (const [token, reason] of [
      ["s3cret", "it has 6 characters, at least 32 are needed"],
      ["a".repeat(40), "it uses 1 different characters"],
      [DEVELOPMENT_STOREFRONT_TOKEN, "it is a published development value"],
    ] as const) {
      expect(
        () =>
          readServerConfig({
            ...PRODUCTION,
            KASSA_STOREFRONT_TOKENS: `${OTHER_SECRET},${token}`,
          }),
        token,
      ).toThrow(`KASSA_STOREFRONT_TOKENS: token 2 is too weak: ${reason}`);
    }
  });
});

describe("the company files' settings (ADR 0014)", () => {
  it("keeps the files under DATA_DIR unless KASSA_MEDIA_DIR says otherwise", () => {
    expect(readServerConfig({ DATA_DIR: "/srv/kassa" }).mediaDir).toBe(join("/srv/kassa", "media"));
    expect(
      readServerConfig({ DATA_DIR: "/srv/kassa", KASSA_MEDIA_DIR: "/mnt/files" }).mediaDir,
    ).toBe("/mnt/files");
  });

  it("reads the largest print file (5 MB) and the conversions at once (1)", () => {
    expect(readServerConfig({})).toMatchObject({ printFileMaxMb: 5, conversionsAtOnce: 1 });
    expect(
      readServerConfig({ KASSA_PRINT_FILE_MAX_MB: "15", KASSA_CONVERSIONS_AT_ONCE: "2" }),
    ).toMatchObject({ printFileMaxMb: 15, conversionsAtOnce: 2 });
    expect(readServerConfig({ KASSA_PRINT_FILE_MAX_MB: "0.5" }).printFileMaxMb).toBe(0.5);
  });

  it("stops the start on a size or a number of conversions it cannot use", () => {
    for (const value of ["0", "-1", "many", "51"]) {
      expect(() => readServerConfig({ KASSA_PRINT_FILE_MAX_MB: value }), value).toThrow(
        "KASSA_PRINT_FILE_MAX_MB",
      );
    }
    for (const value of ["0", "1.5", "17"]) {
      expect(() => readServerConfig({ KASSA_CONVERSIONS_AT_ONCE: value }), value).toThrow(
        "KASSA_CONVERSIONS_AT_ONCE",
      );
    }
  });

  it("reads the synthetic products to seed up to and PGlite's buffer pool", () => {
    expect(readServerConfig({})).toMatchObject({
      seedProducts: undefined,
      pgliteSharedBuffers: undefined,
    });
    expect(
      readServerConfig({ KASSA_SEED_PRODUCTS: "100_000", KASSA_PGLITE_SHARED_BUFFERS: "64MB" }),
    ).toMatchObject({ seedProducts: 100_000, pgliteSharedBuffers: "64MB" });
    for (const value of ["0", "1.5", "lots", "1000001"]) {
      expect(() => readServerConfig({ KASSA_SEED_PRODUCTS: value }), value).toThrow(
        "KASSA_SEED_PRODUCTS",
      );
    }
    for (const value of ["32", "a lot", "32MB; fsync=off"]) {
      expect(() => readServerConfig({ KASSA_PGLITE_SHARED_BUFFERS: value }), value).toThrow(
        "KASSA_PGLITE_SHARED_BUFFERS",
      );
    }
  });
});

describe("KASSA_CACHE_TAGS_SECRET (ADR 0034)", () => {
  it("is unset by default, and stops the start when shorter than 32 characters", () => {
    expect(readServerConfig({}).cacheTagsSecret).toBeUndefined();
    const secret = "a".repeat(32);
    expect(readServerConfig({ KASSA_CACHE_TAGS_SECRET: secret }).cacheTagsSecret).toBe(secret);
    expect(() => readServerConfig({ KASSA_CACHE_TAGS_SECRET: "short" })).toThrow(
      "KASSA_CACHE_TAGS_SECRET must be at least 32 characters",
    );
  });
});

describe("KASSA_CACHE_TAGS_SECRET and KASSA_METRICS_TOKEN in production (ADR 0051)", () => {
  const RANDOM_HEX = "3b9e0f6a1c7d42e8b5a09f3c6e1d7b24a8f05c9e3d6b1a7f";

  for (const name of ["KASSA_CACHE_TAGS_SECRET", "KASSA_METRICS_TOKEN"] as const) {
    const read = (env: Record<string, string>) => {
      const config = readServerConfig(env);
      return name === "KASSA_CACHE_TAGS_SECRET" ? config.cacheTagsSecret : config.metricsToken;
    };

    it(`${name}: a long but guessable or a published value stops a production start`, () => {
      for (const [value, reason] of [
        ["a".repeat(40), "different characters"],
        ["abababababababababababababababababababab", "different characters"],
        [DEVELOPMENT_SESSION_SECRET, "published development value"],
        ["short", "characters, at least 32"],
      ] as const) {
        expect(() => read({ ...PRODUCTION, [name]: value }), value).toThrow(
          new RegExp(`${name} is too weak for NODE_ENV=production: .*${reason}`),
        );
        // Any NODE_ENV but development and test is production, as for SESSION_SECRET.
        expect(() => read({ ...PRODUCTION, NODE_ENV: "staging", [name]: value }), value).toThrow(
          name,
        );
      }
      expect(read({ ...PRODUCTION, [name]: RANDOM_HEX })).toBe(RANDOM_HEX);
      // What the benchmarks start the production build with (bench/processes.mjs).
      const bench = "bench-only-cache-tags-secret-0123456789";
      expect(read({ ...PRODUCTION, [name]: bench })).toBe(bench);
      expect(read(PRODUCTION)).toBeUndefined();
    });

    it(`${name}: outside production only its length is checked, as before`, () => {
      expect(read({ [name]: "a".repeat(40) })).toBe("a".repeat(40));
      expect(read({ NODE_ENV: "test", [name]: RANDOM_HEX })).toBe(RANDOM_HEX);
      expect(() => read({ NODE_ENV: "development", [name]: "a".repeat(31) })).toThrow(
        `${name} must be at least 32 characters`,
      );
    });
  }
});

describe("secrets and the development defaults", () => {
  it("stops a production start on a missing, short, repetitive or published SESSION_SECRET", () => {
    expect(readServerConfig(PRODUCTION).sessionSecret).toBe(STRONG_SECRET);
    expect(() => readServerConfig({ NODE_ENV: "production" })).toThrow(
      "SESSION_SECRET must be set when NODE_ENV=production",
    );
    for (const [secret, reason] of [
      ["s", "it has 1 characters, at least 32 are needed"],
      ["x".repeat(64), "it uses 1 different characters"],
      [DEVELOPMENT_SESSION_SECRET, "it is a published development value"],
    ] as const) {
      expect(() => readServerConfig({ ...PRODUCTION, SESSION_SECRET: secret }), secret).toThrow(
        `SESSION_SECRET is too weak for NODE_ENV=production: ${reason}`,
      );
    }
  });

  it("applies the development defaults only when NODE_ENV is development, test or unset", () => {
    for (const NODE_ENV of [undefined, "", "development", "test"]) {
      expect(readServerConfig({ NODE_ENV }), String(NODE_ENV)).toMatchObject({
        sessionSecret: DEVELOPMENT_SESSION_SECRET,
        oauthClients: [DEVELOPMENT_OAUTH_CLIENT],
        storefrontTokens: [DEVELOPMENT_STOREFRONT_TOKEN],
        devMail: true,
        paymentSandboxes: true,
        demoAccounts: true,
      });
    }
    // A staging box or a typo is production: no published secret by a misspelt NODE_ENV.
    for (const NODE_ENV of ["staging", "prod", "Production"]) {
      expect(() => readServerConfig({ NODE_ENV }), NODE_ENV).toThrow(
        `SESSION_SECRET must be set when NODE_ENV=${NODE_ENV}`,
      );
      expect(readServerConfig({ NODE_ENV, SESSION_SECRET: STRONG_SECRET }), NODE_ENV).toMatchObject(
        {
          oauthClients: [],
          storefrontTokens: [],
          devMail: false,
          paymentSandboxes: false,
          demoAccounts: false,
        },
      );
    }
  });

  it("refuses the published Adyen key in production, and has none there unless configured", () => {
    expect(adyenHmacKey({})).toBe(DEVELOPMENT_ADYEN_HMAC_KEY);
    expect(adyenHmacKey(PRODUCTION)).toBeUndefined();
    expect(() =>
      adyenHmacKey({
        ...PRODUCTION,
        KASSA_ADYEN_HMAC_KEY: DEVELOPMENT_ADYEN_HMAC_KEY.toLowerCase(),
      }),
    ).toThrow("KASSA_ADYEN_HMAC_KEY is the published development key");
    expect(adyenHmacKey({ ...PRODUCTION, KASSA_ADYEN_HMAC_KEY: STRONG_SECRET })).toBe(
      STRONG_SECRET,
    );
  });
});

describe("payment sandboxes, provider URLs and outbound calls", () => {
  it("mounts the sandboxes in production only with KASSA_PAYMENT_SANDBOXES=true", () => {
    expect(readServerConfig({}).paymentSandboxes).toBe(true);
    expect(readServerConfig(PRODUCTION).paymentSandboxes).toBe(false);
    expect(
      readServerConfig({ ...PRODUCTION, KASSA_PAYMENT_SANDBOXES: "true" }).paymentSandboxes,
    ).toBe(true);
    expect(readServerConfig({ ...PRODUCTION, KASSA_PAYMENT_SANDBOXES: "1" }).paymentSandboxes).toBe(
      false,
    );
  });

  it("takes the storefront's origins from STOREFRONT_URL, or KASSA_STOREFRONT_ORIGINS", () => {
    expect(readServerConfig({ STOREFRONT_URL: "https://shop.example/" }).storefrontOrigins).toEqual(
      ["https://shop.example"],
    );
    expect(readServerConfig({ STOREFRONT_URL: "http://localhost:3120" }).storefrontOrigins).toEqual(
      ["http://localhost:3120", "http://127.0.0.1:3120", "http://[::1]:3120"],
    );
    expect(
      readServerConfig({
        STOREFRONT_URL: "https://www.shop.example",
        KASSA_STOREFRONT_ORIGINS: "https://www.shop.example, https://shop.fi/",
      }).storefrontOrigins,
    ).toEqual(["https://www.shop.example", "https://shop.fi"]);
    for (const value of ["shop.example", "https://shop.example/checkout", "ftp://shop.example"]) {
      expect(() => readServerConfig({ KASSA_STOREFRONT_ORIGINS: value }), value).toThrow(
        "KASSA_STOREFRONT_ORIGINS",
      );
    }
  });

  it("reaches no private network unless KASSA_OUTBOUND_ALLOWED_NETWORKS lists it", () => {
    expect(readServerConfig({}).outboundAllowedNetworks).toEqual([]);
    expect(
      readServerConfig({ KASSA_OUTBOUND_ALLOWED_NETWORKS: "10.0.0.0/8, 192.168.1.20" })
        .outboundAllowedNetworks,
    ).toEqual(["10.0.0.0/8", "192.168.1.20"]);
    expect(() => readServerConfig({ KASSA_OUTBOUND_ALLOWED_NETWORKS: "intranet" })).toThrow(
      "KASSA_OUTBOUND_ALLOWED_NETWORKS",
    );
  });
});
