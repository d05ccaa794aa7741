import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGES } from "../forms/messages.js";
import { isSafeRedirectPath } from "../forms/redirect.js";
import { marketSchema } from "./market-schemas.js";

describe("marketSchema", () => {
  it("accepts a market country and a same-site path", () => {
    expect(marketSchema.parse({ market: "FI", redirectTo: "/fi/kategori/klader?page=2" })).toEqual({
      market: "FI",
      redirectTo: "/fi/kategori/klader?page=2",
    });
    expect(marketSchema.parse({ market: "SE" })).toEqual({ market: "SE" });
  });

  it("rejects an unknown or missing market", () => {
    const unknown = marketSchema.safeParse({ market: "NO" });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual([
      VALIDATION_MESSAGES.invalid,
    ]);
    const missing = marketSchema.safeParse({});
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual([
      VALIDATION_MESSAGES.required,
    ]);
  });

  it("rejects a redirect to another host", () => {
    const result = marketSchema.safeParse({ market: "SE", redirectTo: "//evil.example" });
    expect(result.error?.issues).toMatchObject([
      { path: ["redirectTo"], message: VALIDATION_MESSAGES.invalid },
    ]);
  });
});

describe("isSafeRedirectPath", () => {
  it("accepts site paths only", () => {
    expect(isSafeRedirectPath("/")).toBe(true);
    expect(isSafeRedirectPath("/cart?x=1#top")).toBe(true);
    expect(isSafeRedirectPath("//evil.example")).toBe(false);
    expect(isSafeRedirectPath("/\\evil.example")).toBe(false);
    expect(isSafeRedirectPath("/\n/evil.example")).toBe(false);
    expect(isSafeRedirectPath("https://evil.example")).toBe(false);
    expect(isSafeRedirectPath("")).toBe(false);
  });
});
