import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window.js";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts gaps around the current page's neighbours", () => {
    expect(pageWindow(10, 20)).toEqual([1, "gap-start", 9, 10, 11, "gap-end", 20]);
  });

  it("never hides a single page behind a gap", () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, "gap-end", 10]);
    expect(pageWindow(7, 10)).toEqual([1, "gap-start", 6, 7, 8, 9, 10]);
  });

  it("clamps a page outside the range", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 0)).toEqual([1]);
  });
});
