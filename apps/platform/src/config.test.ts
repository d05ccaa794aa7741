import { describe, expect, it } from "vitest";
import { completeConfig, readServerConfig } from "./config.js";

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
    const production = { NODE_ENV: "production", SESSION_SECRET: "s" };
    expect(readServerConfig(production).devMail).toBe(false);
    expect(readServerConfig({ ...production, KASSA_DEV_MAIL: "true" }).devMail).toBe(true);
    expect(readServerConfig({ ...production, KASSA_DEV_MAIL: "1" }).devMail).toBe(false);
  });

  it("seeds the demo users (public password) only outside production, unless asked", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "s" };
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

describe("completeConfig", () => {
  it("fills in what serve() callers leave out", () => {
    expect(completeConfig({ sessionSecret: "s" }, "http://127.0.0.1:1")).toEqual({
      sessionSecret: "s",
      publicUrl: "http://127.0.0.1:1",
      storefrontUrl: "http://localhost:3000",
      mailFrom: "Kassa <no-reply@kassa.test>",
      devMail: true,
      trustedProxies: ["loopback"],
    });
  });
});
