import { describe, expect, it } from "vitest";
import { readServerConfig } from "./config.js";
import { developmentDefaultsInUse, developmentDefaultsWarning } from "./development-defaults.js";

const SECRET = "9f1c2b7e4a8d3f60c5e1b9a27d4f8e03a6c1d5b9e2f7a4c80d3b6e1f5a9c2d7e";

/** What the start prints for an environment. */
function warningFor(env: Record<string, string | undefined>) {
  return developmentDefaultsWarning(readServerConfig(env), env);
}

describe("the development defaults warning", () => {
  it("lists every development default a platform without settings runs with, in one block", () => {
    const warning = warningFor({});
    expect(warning?.split("\n")).toEqual([
      "[platform] !!! Development defaults are on (NODE_ENV is unset). Never put this platform on the internet like this:",
      expect.stringContaining("SESSION_SECRET is unset"),
      expect.stringContaining("KASSA_OAUTH_CLIENTS is unset"),
      expect.stringContaining("KASSA_STOREFRONT_TOKENS is unset"),
      expect.stringContaining("KASSA_ADYEN_HMAC_KEY is unset"),
      expect.stringContaining("/dev/* is mounted"),
      expect.stringContaining("/sandbox/* is mounted"),
      expect.stringContaining("KASSA_DEMO_ACCOUNTS"),
      expect.stringContaining("README's Configuration"),
    ]);
  });

  it("names only the defaults that are still on", () => {
    const env = {
      NODE_ENV: "development",
      SESSION_SECRET: SECRET,
      KASSA_OAUTH_CLIENTS: "",
      KASSA_STOREFRONT_TOKENS: SECRET,
      KASSA_ADYEN_HMAC_KEY: SECRET,
      KASSA_DEMO_ACCOUNTS: "false",
    };
    expect(developmentDefaultsInUse(readServerConfig(env), env)).toEqual([
      expect.stringContaining("/dev/* is mounted"),
      expect.stringContaining("/sandbox/* is mounted"),
    ]);
  });

  it("says nothing for a production platform, and names what `npm start` turns on", () => {
    expect(warningFor({ NODE_ENV: "production", SESSION_SECRET: SECRET })).toBeUndefined();
    const npmStart = {
      NODE_ENV: "production",
      SESSION_SECRET: SECRET,
      KASSA_DEV_MAIL: "true",
      KASSA_DEMO_ACCOUNTS: "true",
      KASSA_PAYMENT_SANDBOXES: "true",
    };
    const lines = developmentDefaultsInUse(readServerConfig(npmStart), npmStart);
    expect(lines).toEqual([
      expect.stringContaining("/dev/* is mounted"),
      expect.stringContaining("/sandbox/* is mounted"),
      expect.stringContaining("KASSA_DEMO_ACCOUNTS"),
    ]);
    expect(warningFor(npmStart)).toContain("NODE_ENV=production");
  });
});
