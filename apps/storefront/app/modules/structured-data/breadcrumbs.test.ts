import { describe, expect, it } from "vitest";
import { breadcrumbListJsonLd } from "./breadcrumbs";

describe("a breadcrumb's BreadcrumbList", () => {
  it("numbers the steps from 1 with their names and absolute URLs", () => {
    expect(
      breadcrumbListJsonLd([
        { name: "Start", url: "https://shop.example/" },
        { name: "Kläder", url: "https://shop.example/kategori/klader" },
        { name: "Tröjor", url: "https://shop.example/kategori/klader/trojor" },
      ]),
    ).toEqual({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Start", item: "https://shop.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Kläder",
          item: "https://shop.example/kategori/klader",
        },
        {
          "@type": "ListItem",
          position: 3,
          name: "Tröjor",
          item: "https://shop.example/kategori/klader/trojor",
        },
      ],
    });
  });

  it("is left out with fewer than two steps", () => {
    expect(breadcrumbListJsonLd([{ name: "Start", url: "https://shop.example/" }])).toBeNull();
  });
});
