import { describe, expect, it } from "vitest";
import { type ProductFacts, productJsonLd } from "./product";

const page = "https://shop.example/produkt/ulltroja-fjall";

const facts: ProductFacts = {
  url: page,
  name: "Ulltröja Fjäll",
  description: "Stickad tröja i merinoull.",
  brand: "Fjällvik",
  selectedVariantId: "pv-2",
  sellerId: "https://shop.example/#organization",
  variants: [
    {
      id: "pv-1",
      sku: "FJ-NAVY-S",
      name: "Ulltröja Fjäll, Marinblå, S",
      image: "https://media.example/pv-1.jpg",
      price: { amount: 129900, currency: "SEK" },
      stock: { isAvailable: true, availableQuantity: 12 },
    },
    {
      id: "pv-2",
      sku: "FJ-GREEN-M",
      name: "Ulltröja Fjäll, Skogsgrön, M",
      image: "https://media.example/pv-2.jpg",
      price: { amount: 99950, currency: "SEK" },
      stock: { isAvailable: false, availableQuantity: 0 },
    },
    {
      id: "pv-3",
      sku: "FJ-GREEN-L",
      name: "Ulltröja Fjäll, Skogsgrön, L",
      image: "https://media.example/pv-2.jpg",
      price: null,
      stock: null,
    },
  ],
};

describe("a product page's Product", () => {
  it("offers each variant sold here at the page's price in major units, with its SKU and stock", () => {
    const product = productJsonLd(facts);
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Ulltröja Fjäll",
      description: "Stickad tröja i merinoull.",
      url: page,
      brand: { "@type": "Brand", name: "Fjällvik" },
    });
    expect(product && "offers" in product ? product.offers : undefined).toEqual([
      {
        "@type": "Offer",
        sku: "FJ-NAVY-S",
        name: "Ulltröja Fjäll, Marinblå, S",
        url: `${page}?variant=pv-1`,
        price: 1299,
        priceCurrency: "SEK",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@id": "https://shop.example/#organization" },
      },
      expect.objectContaining({
        sku: "FJ-GREEN-M",
        price: 999.5,
        availability: "https://schema.org/OutOfStock",
      }),
    ]);
  });

  it("shows the chosen variant's picture first, each picture once", () => {
    const product = productJsonLd(facts);
    expect(product && "image" in product ? product.image : undefined).toEqual([
      "https://media.example/pv-2.jpg",
      "https://media.example/pv-1.jpg",
    ]);
  });

  it("gives a product of one variant that variant's SKU and the page's own URL", () => {
    const [only] = facts.variants;
    const product = productJsonLd({ ...facts, variants: only ? [only] : [] });
    expect(product).toMatchObject({ sku: "FJ-NAVY-S", offers: [{ url: page }] });
  });

  it("is left out when nothing is sold in this market, and names no brand it does not have", () => {
    expect(
      productJsonLd({
        ...facts,
        variants: facts.variants.map((variant) => ({ ...variant, price: null })),
      }),
    ).toBeNull();
    expect(productJsonLd({ ...facts, brand: "" })).not.toHaveProperty("brand");
  });
});
