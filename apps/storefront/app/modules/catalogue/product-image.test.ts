import { describe, expect, it } from "vitest";
import { mainImageColor, productImageAlt } from "./product-image";

describe("product picture alt text", () => {
  it("names the product and the colour the picture shows", () => {
    expect(productImageAlt("Ulltröja Fjäll", "Marinblå")).toBe("Ulltröja Fjäll, Marinblå");
    expect(productImageAlt("Skärbräda Ystad", undefined)).toBe("Skärbräda Ystad");
    expect(productImageAlt("Skärbräda Ystad", "")).toBe("Skärbräda Ystad");
  });

  it("finds the colour of the variant whose picture is the product's", () => {
    const variants = [
      { id: "a", sku: "A", name: "Marinblå, S", color: "Marinblå", imageUrl: "/media/a.svg" },
      { id: "b", sku: "B", name: "Naturvit, S", color: "Naturvit", imageUrl: "/media/b.svg" },
    ];
    expect(mainImageColor({ imageUrl: "/media/b.svg", variants })).toBe("Naturvit");
    expect(mainImageColor({ imageUrl: "/media/parent.svg", variants })).toBeUndefined();
  });
});
