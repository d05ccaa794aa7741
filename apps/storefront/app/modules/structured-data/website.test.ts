import { describe, expect, it } from "vitest";
import { webSiteJsonLd } from "./website";

describe("the shop's WebSite", () => {
  it("tells how to search the shop with the search page's own parameter", () => {
    expect(
      webSiteJsonLd({
        url: "https://shop.example/",
        id: "https://shop.example/#website",
        name: "Kassa",
        language: "sv",
        searchUrl: "https://shop.example/search",
        publisherId: "https://shop.example/#organization",
      }),
    ).toEqual({
      "@type": "WebSite",
      "@id": "https://shop.example/#website",
      url: "https://shop.example/",
      name: "Kassa",
      inLanguage: "sv",
      publisher: { "@id": "https://shop.example/#organization" },
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: "https://shop.example/search?q={search_term_string}",
        },
        "query-input": "required name=search_term_string",
      },
    });
  });
});
