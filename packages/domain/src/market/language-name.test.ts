import { describe, expect, it } from "vitest";
import { languageName } from "./language-name.js";

describe("languageName", () => {
  it("names each language in itself", () => {
    expect(languageName("sv")).toBe("svenska");
    expect(languageName("fi")).toBe("suomi");
    expect(languageName("en")).toBe("English");
  });

  it("falls back to the code", () => {
    expect(languageName("not a language!")).toBe("not a language!");
  });
});
