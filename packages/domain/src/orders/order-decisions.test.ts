import { describe, expect, it } from "vitest";
import {
  applyCustomStateChanges,
  availableDecisions,
  customStateChanges,
} from "./order-decisions.js";

const AWAITING = "awaiting_customer_action";
const APPROVED = "customer_approved";
const DECLINED = "customer_declined";

describe("customStateChanges (C§4)", () => {
  it("approve adds customer_approved first, then removes awaiting and declined when present", () => {
    expect(customStateChanges("approve", [AWAITING, DECLINED])).toEqual([
      { type: "add", stateId: APPROVED },
      { type: "remove", stateId: AWAITING },
      { type: "remove", stateId: DECLINED },
    ]);
  });

  it("approve does not add what is there, nor remove what is not", () => {
    expect(customStateChanges("approve", [APPROVED, AWAITING])).toEqual([
      { type: "remove", stateId: AWAITING },
    ]);
    expect(customStateChanges("approve", [APPROVED])).toEqual([]);
  });

  it("decline adds customer_declined, then removes awaiting and approved when present", () => {
    expect(customStateChanges("decline", [AWAITING, APPROVED, "other"])).toEqual([
      { type: "add", stateId: DECLINED },
      { type: "remove", stateId: AWAITING },
      { type: "remove", stateId: APPROVED },
    ]);
  });

  it("a change request changes no state", () => {
    expect(customStateChanges("request-change", [AWAITING])).toEqual([]);
  });

  it("applying the changes gives the decided states and keeps others", () => {
    const current = ["other", AWAITING];
    expect(applyCustomStateChanges(current, customStateChanges("approve", current))).toEqual([
      "other",
      APPROVED,
    ]);
    expect(applyCustomStateChanges(current, customStateChanges("decline", current))).toEqual([
      "other",
      DECLINED,
    ]);
  });

  it("a decision cut off after its first change still awaits the customer, and deciding again completes it", () => {
    const halfway = applyCustomStateChanges(
      [AWAITING],
      customStateChanges("approve", [AWAITING]).slice(0, 1),
    );
    expect(halfway).toEqual([AWAITING, APPROVED]);
    expect(availableDecisions({ ...ON, customStates: halfway }).approve).toBe(true);
    expect(applyCustomStateChanges(halfway, customStateChanges("approve", halfway))).toEqual([
      APPROVED,
    ]);
  });
});

const ON = { decisionsEnabled: true, actionsConfigured: true, isCustomer: true };

describe("availableDecisions (C§4, C§6)", () => {
  it("offers all three while the order awaits the customer and is undecided", () => {
    expect(availableDecisions({ ...ON, customStates: [AWAITING] })).toEqual({
      approve: true,
      decline: true,
      "request-change": true,
    });
  });

  it("offers nothing to an order that does not await the customer", () => {
    expect(availableDecisions({ ...ON, customStates: [] })).toEqual({
      approve: false,
      decline: false,
      "request-change": false,
    });
    expect(availableDecisions({ ...ON, customStates: [APPROVED] }).approve).toBe(false);
  });

  it("offers only approve once a decision is there but the order still awaits", () => {
    expect(availableDecisions({ ...ON, customStates: [AWAITING, DECLINED] })).toEqual({
      approve: true,
      decline: false,
      "request-change": false,
    });
  });

  it("offers nothing without the setting, without the action config, or to anyone but the customer", () => {
    for (const off of [
      { decisionsEnabled: false },
      { actionsConfigured: false },
      { isCustomer: false },
    ]) {
      expect(availableDecisions({ ...ON, ...off, customStates: [AWAITING] })).toEqual({
        approve: false,
        decline: false,
        "request-change": false,
      });
    }
  });
});
