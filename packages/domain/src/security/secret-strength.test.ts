import { describe, expect, it } from "vitest";
import { SECRET_MIN_LENGTH, secretWeakness } from "./secret-strength.js";

describe("secretWeakness", () => {
  it("takes random secrets of 32 characters and more", () => {
    expect(secretWeakness("0123456789abcdef0123456789abcdef")).toBeUndefined();
    expect(secretWeakness("e2e-only-secret-0123456789abcdef")).toBeUndefined();
    expect(secretWeakness("a3f9c2e17b4d8056a3f9c2e17b4d8056a3f9c2e17b4d8056a3f9c2e17b4d8056")).toBe(
      undefined,
    );
  });

  it("refuses short, repetitive and published secrets, saying why", () => {
    expect(secretWeakness("x")).toBe("it has 1 characters, at least 32 are needed");
    expect(secretWeakness("s".repeat(SECRET_MIN_LENGTH - 1))).toContain("at least 32");
    expect(secretWeakness("a".repeat(64))).toContain("1 different characters");
    expect(secretWeakness("changeme".repeat(4))).toContain("7 different characters");
    const published = "kassa-development-session-secret-do-not-use-in-production";
    expect(secretWeakness(published, [published])).toBe("it is a published development value");
  });
});
