import { describe, expect, it } from "vitest";
import { filterOrderSummaries, orderLookupsFor } from "./order-lookups.js";

const user = {
  id: "usr-1",
  email: "anna@example.test",
  organisations: [
    { id: "org-a", organisation_number: "556677-8899" },
    { id: "org-b", organisation_number: "12345678" },
  ],
};

describe("orderLookupsFor (C§4)", () => {
  it("asks for the user's own orders, their email's and each company's", () => {
    expect(orderLookupsFor(user, {})).toEqual([
      { source: "ref2", ref: "usr-1" },
      { source: "email", email: "anna@example.test" },
      { source: "ref1", ref: "5566778899" },
      { source: "ref1", ref: "12345678" },
    ]);
  });

  it("asks for one company's orders when filtered to it, and ignores a company the user has not", () => {
    expect(orderLookupsFor(user, { company: "org-b" })).toEqual([
      { source: "ref1", ref: "12345678" },
    ]);
    expect(orderLookupsFor(user, { company: "org-x" })).toHaveLength(4);
  });

  it("also looks up a whole order number that was searched for", () => {
    expect(orderLookupsFor(user, { company: "org-a", q: "100 123" }).at(-1)).toEqual({
      source: "order",
      ref: "100123",
    });
    expect(orderLookupsFor(user, { q: "abc" }).some((lookup) => lookup.source === "order")).toBe(
      false,
    );
  });
});

describe("filterOrderSummaries", () => {
  const summaries = [
    { reference: "100001", status: { orderStates: ["PLACED"] }, company: { id: "org-a" } },
    { reference: "100002", status: { orderStates: ["CANCELLED"] }, company: null },
    { reference: "200001", status: { orderStates: ["PLACED"] }, company: { id: "org-b" } },
  ];

  it("narrows by status, search and company", () => {
    expect(filterOrderSummaries(summaries, { status: "PLACED" }).map((s) => s.reference)).toEqual([
      "100001",
      "200001",
    ]);
    expect(
      filterOrderSummaries(summaries, { status: "ALL", q: "1000" }).map((s) => s.reference),
    ).toEqual(["100001", "100002"]);
    expect(
      filterOrderSummaries(summaries, { status: "ALL", companyId: "org-b" }).map(
        (s) => s.reference,
      ),
    ).toEqual(["200001"]);
  });
});
