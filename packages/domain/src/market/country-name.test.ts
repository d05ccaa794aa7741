import { describe, expect, it } from "vitest";
import { countryName } from "./country-name.js";

describe("countryName", () => {
  it("names each country in the page's language", () => {
    expect(countryName("SE", "sv")).toBe("Sverige");
    expect(countryName("SE", "fi")).toBe("Ruotsi");
    expect(countryName("SE", "en")).toBe("Sweden");
    expect(countryName("FI", "sv")).toBe("Finland");
    expect(countryName("FI", "fi")).toBe("Suomi");
    expect(countryName("FI", "en")).toBe("Finland");
  });

  it("falls back to the code when it cannot name it", () => {
    expect(countryName("SE", "not a language!")).toBe("SE");
  });
});
