import { describe, expect, it } from "vitest";
import { wishlistFormSchema } from "./wishlist-schema.js";

describe("wishlistFormSchema", () => {
  it("takes an intent, a well-formed entry and a site path to come back to", () => {
    expect(
      wishlistFormSchema.parse({
        intent: "add",
        entry: "pp-1:pv-2",
        redirectTo: "/kategori/klader",
      }),
    ).toEqual({ intent: "add", entry: "pp-1:pv-2", redirectTo: "/kategori/klader" });
  });

  it("refuses a toggle, a malformed entry and a redirect off the site", () => {
    expect(wishlistFormSchema.safeParse({ intent: "toggle", entry: "pp-1" }).success).toBe(false);
    expect(wishlistFormSchema.safeParse({ intent: "add", entry: "pp 1" }).success).toBe(false);
    expect(
      wishlistFormSchema.safeParse({ intent: "add", entry: "pp-1", redirectTo: "//evil.example" })
        .success,
    ).toBe(false);
  });
});
