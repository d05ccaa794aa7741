import { describe, expect, it } from "vitest";
import { COMPARE_MAX_PRODUCTS, compareSelection, toggleCompare } from "./compare.js";

describe("toggleCompare", () => {
  it("adds, removes, and stops at four", () => {
    expect(toggleCompare([], "pp-1")).toEqual({ productIds: ["pp-1"], change: "added" });
    expect(toggleCompare(["pp-1", "pp-2"], "pp-1")).toEqual({
      productIds: ["pp-2"],
      change: "removed",
    });
    const four = ["a", "b", "c", "d"];
    expect(four).toHaveLength(COMPARE_MAX_PRODUCTS);
    expect(toggleCompare(four, "e")).toEqual({ productIds: four, change: "full" });
  });
});

describe("compareSelection", () => {
  it("keeps four distinct ids and counts what it dropped", () => {
    expect(compareSelection(["a", "b", "a", " ", "c", "d", "e", "f"])).toEqual({
      productIds: ["a", "b", "c", "d"],
      dropped: 2,
    });
  });
});
