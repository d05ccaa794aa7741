import { afterEach, describe, expect, it, vi } from "vitest";
import { languageName } from "./language-name.js";

describe("languageName", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("names each language in itself", () => {
    expect(languageName("sv")).toBe("svenska");
    expect(languageName("fi")).toBe("suomi");
    expect(languageName("en")).toBe("English");
  });

  it("names the shop's languages alike in every engine: WebKit's CLDR says 'Svenska' (issue 39)", async () => {
    // What WebKit's Intl answers; the server (Node) says "svenska", and a page whose text differs
    // between the two fails to hydrate.
    class WebKitDisplayNames {
      of(code: string) {
        return { sv: "Svenska", fi: "suomi", en: "English", de: "Deutsch" }[code];
      }
    }
    vi.stubGlobal("Intl", { ...Intl, DisplayNames: WebKitDisplayNames });
    // A fresh module, so no name remembered from the runtime's own Intl answers.
    vi.resetModules();
    const inWebKit = (await import("./language-name.js")).languageName;
    expect(inWebKit("sv")).toBe("svenska");
    expect(inWebKit("fi")).toBe("suomi");
    expect(inWebKit("en")).toBe("English");
  });

  it("falls back to the code, and never to an object's own properties", () => {
    expect(languageName("not a language!")).toBe("not a language!");
    expect(languageName("constructor")).toBe("constructor");
  });
});
