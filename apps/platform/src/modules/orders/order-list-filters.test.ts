import { ORDER_STATUS_FILTERS, orderStatesOfFilter } from "@kassa/domain";
import { describe, expect, it } from "vitest";
import { ORDER_LIST_FILTER_STATES } from "../../db/schema.js";

describe("the order list's status filters", () => {
  it("index the same states as the domain's filters match (C§4)", () => {
    const filters = ORDER_STATUS_FILTERS.filter((filter) => filter !== "ALL");
    expect(Object.keys(ORDER_LIST_FILTER_STATES).sort()).toEqual([...filters].sort());
    for (const filter of filters) {
      expect([...ORDER_LIST_FILTER_STATES[filter]], filter).toEqual([
        ...orderStatesOfFilter(filter),
      ]);
    }
  });
});
