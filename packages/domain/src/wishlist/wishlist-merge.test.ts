import { describe, expect, it } from "vitest";
import { mergeWishlists } from "./wishlist-merge.js";

describe("mergeWishlists", () => {
  it("keeps what either side added since they last agreed", () => {
    expect(mergeWishlists(["pp-1"], ["pp-2", "pp-1"], ["pp-3", "pp-1"])).toEqual([
      "pp-2",
      "pp-1",
      "pp-3",
    ]);
  });

  it("drops what either side removed since they last agreed", () => {
    // Removed without scripts (the cookie), still in the browser's storage: it stays removed.
    expect(mergeWishlists(["pp-1", "pp-2"], ["pp-1", "pp-2"], ["pp-2"])).toEqual(["pp-2"]);
    // Removed in a tab with scripts, the cookie not yet rewritten: it stays removed too.
    expect(mergeWishlists(["pp-1", "pp-2"], ["pp-2"], ["pp-1", "pp-2"])).toEqual(["pp-2"]);
  });

  it("with nothing agreed before, is the union: no entry is ever lost", () => {
    expect(mergeWishlists([], ["pp-1"], ["pp-2", "pp-1"])).toEqual(["pp-1", "pp-2"]);
  });

  it("keeps an entry both sides added again after removing it", () => {
    expect(mergeWishlists(["pp-1"], ["pp-1"], ["pp-1"])).toEqual(["pp-1"]);
  });
});
