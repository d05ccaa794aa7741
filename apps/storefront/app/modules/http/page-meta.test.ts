import { describe, expect, it } from "vitest";
import { publicPageMeta, type SharedPage } from "./page-meta";

const matches = [{ id: "root", data: { description: "Kassa säljer nordiska kläder." } }];

const share: SharedPage = {
  url: "https://shop.example/produkt/emaljmugg-koli",
  type: "product",
  siteName: "Kassa",
  locale: "sv_SE",
  image: { url: "https://media.example/pv-1.svg", alt: "Emaljmugg Koli, Vit" },
  price: { amount: "149.00", currency: "SEK" },
};

/** The tags as `property`/`name` → content. */
function tagsOf(descriptors: ReturnType<typeof publicPageMeta>): Record<string, string> {
  return Object.fromEntries(
    descriptors.flatMap((descriptor) => {
      const { property, name, content } = descriptor as Record<string, string | undefined>;
      const key = property ?? name;
      return key && content !== undefined ? [[key, content]] : [];
    }),
  );
}

describe("a public page's head", () => {
  it("has its title and description, and the same in its Open Graph and Twitter card tags", () => {
    const descriptors = publicPageMeta(matches, {
      title: "Emaljmugg Koli – Kassa",
      description: "En mugg i emalj.",
      share,
    });
    expect(descriptors[0]).toEqual({ title: "Emaljmugg Koli – Kassa" });
    expect(tagsOf(descriptors)).toEqual({
      description: "En mugg i emalj.",
      "og:type": "product",
      "og:site_name": "Kassa",
      "og:locale": "sv_SE",
      "og:url": "https://shop.example/produkt/emaljmugg-koli",
      "og:title": "Emaljmugg Koli – Kassa",
      "og:description": "En mugg i emalj.",
      "og:image": "https://media.example/pv-1.svg",
      "og:image:alt": "Emaljmugg Koli, Vit",
      "product:price:amount": "149.00",
      "product:price:currency": "SEK",
      "twitter:card": "summary_large_image",
      "twitter:image:alt": "Emaljmugg Koli, Vit",
    });
  });

  it("describes a page without a text of its own with the shop's, and sizes the shop's picture", () => {
    const tags = tagsOf(
      publicPageMeta(matches, {
        title: "Kassa",
        share: {
          ...share,
          type: "website",
          price: undefined,
          image: {
            url: "https://shop.example/images/share.png",
            alt: "Kassa",
            width: 1200,
            height: 630,
          },
        },
      }),
    );
    expect(tags["og:description"]).toBe("Kassa säljer nordiska kläder.");
    expect(tags.description).toBe("Kassa säljer nordiska kläder.");
    expect(tags["og:image:width"]).toBe("1200");
    expect(tags["og:image:height"]).toBe("630");
    expect(tags).not.toHaveProperty("product:price:amount");
  });

  it("has only its title and description while its loader has failed", () => {
    expect(publicPageMeta(matches, { title: "Sidan finns inte" })).toEqual([
      { title: "Sidan finns inte" },
      { name: "description", content: "Kassa säljer nordiska kläder." },
    ]);
  });
});
