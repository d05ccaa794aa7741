import { describe, expect, it } from "vitest";
import {
  matchesOrderSearch,
  matchesStatusFilter,
  mergeOrderSummaries,
  ORDER_STATUS_FILTERS,
  orderStatesOfFilter,
  pageOfList,
  parseOrderListQuery,
} from "./order-list.js";

describe("matchesStatusFilter (C§4)", () => {
  it("ALL matches everything; DELIVERED is FULLY_DELIVERED only", () => {
    expect(matchesStatusFilter(["SOMETHING"], "ALL")).toBe(true);
    expect(matchesStatusFilter(["FULLY_DELIVERED"], "DELIVERED")).toBe(true);
    expect(matchesStatusFilter(["PARTIALLY_DELIVERED"], "DELIVERED")).toBe(false);
  });

  it("FULLY_COMPENSATED also takes partly compensated orders; CANCELLED and PLACED match themselves", () => {
    expect(
      matchesStatusFilter(["FULLY_DELIVERED", "PARTIALLY_COMPENSATED"], "FULLY_COMPENSATED"),
    ).toBe(true);
    expect(matchesStatusFilter(["FULLY_COMPENSATED"], "FULLY_COMPENSATED")).toBe(true);
    expect(matchesStatusFilter(["CANCELLED"], "CANCELLED")).toBe(true);
    expect(matchesStatusFilter(["RELEASED"], "PLACED")).toBe(false);
  });
});

describe("orderStatesOfFilter (C§4)", () => {
  it("names the states each option matches, the same as matchesStatusFilter; none for ALL", () => {
    expect(orderStatesOfFilter("ALL")).toEqual([]);
    expect(orderStatesOfFilter("FULLY_COMPENSATED")).toEqual([
      "FULLY_COMPENSATED",
      "PARTIALLY_COMPENSATED",
    ]);
    for (const filter of ORDER_STATUS_FILTERS.filter((option) => option !== "ALL")) {
      for (const state of orderStatesOfFilter(filter)) {
        expect(matchesStatusFilter([state], filter)).toBe(true);
      }
    }
  });
});

describe("mergeOrderSummaries (C§4)", () => {
  it("keeps each reference once and sorts newest first", () => {
    const a = { reference: "100001", date: "2026-01-01T10:00:00Z", from: "ref1" };
    const b = { reference: "100002", date: "2026-03-01T10:00:00Z", from: "ref1" };
    const bAgain = { ...b, from: "email" };
    const c = { reference: "100003", date: "2026-02-01T10:00:00Z", from: "ref2" };
    const merged = mergeOrderSummaries([[a, b], [bAgain, c], []]);
    expect(merged.map((order) => order.reference)).toEqual(["100002", "100003", "100001"]);
    expect(merged[0]?.from).toBe("ref1");
  });

  it("puts the higher order number first when two orders share a date", () => {
    const date = "2026-01-01T10:00:00Z";
    const merged = mergeOrderSummaries([
      [
        { reference: "99999", date },
        { reference: "100000", date },
      ],
    ]);
    expect(merged.map((order) => order.reference)).toEqual(["100000", "99999"]);
  });
});

describe("the list's query", () => {
  it("reads filters, search and page from the URL", () => {
    expect(
      parseOrderListQuery(new URLSearchParams("status=CANCELLED&company=org-1&q=1001&page=3")),
    ).toEqual({
      status: "CANCELLED",
      company: "org-1",
      q: "1001",
      page: 3,
    });
  });

  it("falls back to the defaults for anything malformed", () => {
    expect(parseOrderListQuery(new URLSearchParams("status=NOPE&page=-2&q=%20%20"))).toEqual({
      status: "ALL",
      company: undefined,
      q: undefined,
      page: 1,
    });
  });

  it("searches order numbers from their first digit, spaces ignored", () => {
    expect(matchesOrderSearch("100123", "10 01")).toBe(true);
    expect(matchesOrderSearch("100123", "0123")).toBe(false);
    expect(matchesOrderSearch("100123", "999")).toBe(false);
    expect(matchesOrderSearch("100123", undefined)).toBe(true);
  });

  it("pages a list and clamps a page past the end to the last", () => {
    const items = Array.from({ length: 45 }, (_, index) => index);
    expect(pageOfList(items, 3, 20)).toEqual({
      items: [40, 41, 42, 43, 44],
      page: 3,
      totalPages: 3,
      total: 45,
    });
    expect(pageOfList(items, 9, 20).page).toBe(3);
    expect(pageOfList([], 1, 20)).toEqual({ items: [], page: 1, totalPages: 1, total: 0 });
  });
});
