import { describe, expect, it } from "vitest";
import {
  parseQuickOrder,
  parseQuickOrderQuantity,
  QUICK_ORDER_MAX_LINES,
  quickOrderText,
} from "./quick-order.js";

const skus = (text: string) =>
  parseQuickOrder(text).lines.map((line) => [line.sku, line.quantity, line.problem]);

describe("parseQuickOrder", () => {
  it("reads comma, semicolon and tab separated lines, the quantity optional", () => {
    expect(skus("AB-1, 2\nCD-2;3\nEF-3\t4\nGH-4")).toEqual([
      ["AB-1", 2, null],
      ["CD-2", 3, null],
      ["EF-3", 4, null],
      ["GH-4", 1, null],
    ]);
  });

  it("skips blank lines but numbers the lines as written", () => {
    const { lines } = parseQuickOrder("\r\nAB-1,2\r\n   \r\n\tCD-2 , 1 \n,\n");
    expect(lines.map((line) => [line.row, line.sku, line.quantity])).toEqual([
      [2, "AB-1", 2],
      [4, "CD-2", 1],
    ]);
  });

  it("drops quotes, a byte order mark and columns after the second", () => {
    expect(skus('\uFEFF"AB-1";"2";"shirt"\n"CD-2",5,extra')).toEqual([
      ["AB-1", 2, null],
      ["CD-2", 5, null],
    ]);
  });

  it("flags quantities that are not whole numbers of at least one, or too many for a line", () => {
    expect(skus("A,0\nB,-1\nC,1.5\nD,two\nE,100\nF,99")).toEqual([
      ["A", null, "quantity"],
      ["B", null, "quantity"],
      ["C", null, "quantity"],
      ["D", null, "quantity"],
      ["E", null, "quantity-max"],
      ["F", 99, null],
    ]);
  });

  it("flags a missing or overlong article number", () => {
    expect(skus(`,3\n${"X".repeat(65)},1`)).toEqual([
      ["", 3, "sku-missing"],
      ["X".repeat(65), 1, "sku-too-long"],
    ]);
  });

  it(`reads at most ${QUICK_ORDER_MAX_LINES} lines and counts the rest`, () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 3 }, (_, i) => `SKU-${i},1`).join(
      "\n\n",
    );
    const parsed = parseQuickOrder(text);
    expect(parsed.lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(parsed.lines.at(-1)?.sku).toBe(`SKU-${QUICK_ORDER_MAX_LINES - 1}`);
    expect(parsed.leftOut).toBe(3);
  });
});

describe("parseQuickOrderQuantity", () => {
  it("takes an empty quantity as one", () => {
    expect(parseQuickOrderQuantity("")).toEqual({ quantity: 1, problem: null });
    expect(parseQuickOrderQuantity("07")).toEqual({ quantity: 7, problem: null });
  });
});

describe("quickOrderText", () => {
  it("writes the lines back as text", () => {
    expect(
      quickOrderText([
        { sku: "AB-1", quantityText: "2" },
        { sku: "CD-2", quantityText: "" },
      ]),
    ).toBe("AB-1, 2\nCD-2");
  });
});
