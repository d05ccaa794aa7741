import type { ProductVariant } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import { chooseVariant, variantOptions } from "./variant-choice";

const variant = (id: string, color: string, size: string): ProductVariant => ({
  id,
  sku: id.toUpperCase(),
  name: `${color} ${size}`,
  color,
  colorHex: color === "Blå" ? "#1d3557" : "#b5651d",
  size,
  imageUrl: `/img/${id}.svg`,
});

const variants = [
  variant("blue-s", "Blå", "S"),
  variant("blue-m", "Blå", "M"),
  variant("rust-s", "Rost", "S"),
  variant("rust-m", "Rost", "M"),
];
const soldOut = new Set(["blue-s", "rust-s", "rust-m"]);
const isBuyable = (id: string) => !soldOut.has(id);

describe("chooseVariant", () => {
  it("defaults to the first buyable variant", () => {
    expect(chooseVariant(variants, new URLSearchParams(), isBuyable)?.id).toBe("blue-m");
  });

  it("honours an exact colour and size, even when sold out", () => {
    expect(chooseVariant(variants, new URLSearchParams("color=Rost&size=S"), isBuyable)?.id).toBe(
      "rust-s",
    );
  });

  it("picks a variant by id", () => {
    expect(chooseVariant(variants, new URLSearchParams("variant=rust-m"), isBuyable)?.id).toBe(
      "rust-m",
    );
  });

  it("falls back to the colour when the size does not exist in it", () => {
    expect(chooseVariant(variants, new URLSearchParams("color=Blå&size=XL"), isBuyable)?.id).toBe(
      "blue-m",
    );
  });
});

describe("variantOptions", () => {
  it("links each colour keeping the size, and marks sold-out choices", () => {
    const selected = variants[1];
    const { colors, sizes } = variantOptions(variants, selected, "/produkt/troja", isBuyable);
    expect(colors.map((option) => [option.value, option.disabled])).toEqual([
      ["Blå", false],
      ["Rost", true],
    ]);
    expect(colors[1]?.href).toBe("/produkt/troja?color=Rost&size=M");
    expect(sizes.map((option) => [option.value, option.disabled])).toEqual([
      ["S", true],
      ["M", false],
    ]);
  });
});
