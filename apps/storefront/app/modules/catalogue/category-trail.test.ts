import type { Category } from "@kassa/api-client";
import { describe, expect, it } from "vitest";
import { productTrail, trailTo } from "./category-trail";

function category(id: string, parentId: string | null): Category {
  return { id, parentId, name: id.toUpperCase(), uri: id } as unknown as Category;
}

const categories = [
  category("klader", null),
  category("trojor", "klader"),
  category("koftor", "trojor"),
  category("presenter", null),
];

describe("category trails", () => {
  it("walks from the top down to the category", () => {
    expect(trailTo(categories, "koftor").map((step) => step.uri)).toEqual([
      "klader",
      "trojor",
      "koftor",
    ]);
  });

  it("gives a product the deepest of its categories' trails", () => {
    expect(productTrail(categories, ["presenter", "koftor"]).map((step) => step.uri)).toEqual([
      "klader",
      "trojor",
      "koftor",
    ]);
  });

  it("stops at a cycle and at an unknown category", () => {
    const looped = [category("a", "b"), category("b", "a")];
    expect(trailTo(looped, "a").map((step) => step.uri)).toEqual(["b", "a"]);
    expect(trailTo(categories, "missing")).toEqual([]);
  });
});
