import { describe, expect, it } from "vitest";
import { childLinesOf, childLineUpdates, isChildLine } from "./child-lines.js";

const items = [
  { id: "shirt", quantity: 2, options: {} },
  { id: "print", quantity: 2, options: { parentItem: "shirt" } },
  { id: "gift-wrap", quantity: 1, options: { parentItem: "shirt" } },
  { id: "cap", quantity: 1, options: {} },
  { id: "cap-print", quantity: 1, options: { parentItem: "cap" } },
];

describe("isChildLine", () => {
  it("is true for a line with a parent", () => {
    expect(isChildLine(items[1]!)).toBe(true);
    expect(isChildLine(items[0]!)).toBe(false);
    expect(isChildLine({ id: "x", quantity: 1 })).toBe(false);
    expect(isChildLine({ id: "x", quantity: 1, options: { parentItem: "" } })).toBe(false);
  });
});

describe("childLinesOf", () => {
  it("lists the children of one parent", () => {
    expect(childLinesOf(items, "shirt").map((item) => item.id)).toEqual(["print", "gift-wrap"]);
    expect(childLinesOf(items, "cap").map((item) => item.id)).toEqual(["cap-print"]);
    expect(childLinesOf(items, "print")).toEqual([]);
  });
});

describe("childLineUpdates", () => {
  it("makes the children follow the parent's new quantity", () => {
    expect(childLineUpdates(items, "shirt", 3)).toEqual([
      { id: "print", quantity: 3 },
      { id: "gift-wrap", quantity: 3 },
    ]);
  });

  it("leaves out children already at that quantity", () => {
    expect(childLineUpdates(items, "shirt", 2)).toEqual([{ id: "gift-wrap", quantity: 2 }]);
  });

  it("removes the children with the parent (quantity 0)", () => {
    expect(childLineUpdates(items, "cap", 0)).toEqual([{ id: "cap-print", quantity: 0 }]);
  });

  it("does nothing for a line without children", () => {
    expect(childLineUpdates(items, "cap-print", 5)).toEqual([]);
  });
});
