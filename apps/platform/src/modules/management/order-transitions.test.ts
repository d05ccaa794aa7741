import { describe, expect, it } from "vitest";
import { applyOperation, type OrderForOperation, refusalOf } from "./order-transitions.js";

const BLOCKING = new Map([
  ["awaiting_customer_action", ["releases", "deliveries"] as const],
  ["customer_declined", ["releases", "deliveries"] as const],
]);

function order(overrides: Partial<OrderForOperation> = {}): OrderForOperation {
  return {
    orderStates: ["PLACED"],
    customStates: [],
    lines: [
      { quantity: 2, deliveredQuantity: 0 },
      { quantity: 1, deliveredQuantity: 0 },
    ],
    grandTotal: 10_000,
    compensatedTotal: 0,
    ...overrides,
  };
}

describe("the back office's transitions", () => {
  it("releases a placed order, and nothing else", () => {
    expect(refusalOf({ kind: "releases" }, order(), BLOCKING)).toBeNull();
    expect(applyOperation({ kind: "releases" }, order()).orderStates).toEqual(["RELEASED"]);
    expect(refusalOf({ kind: "releases" }, order({ orderStates: ["RELEASED"] }), BLOCKING)).toBe(
      "An order that is RELEASED cannot take releases",
    );
  });

  it("delivers part, then the rest", () => {
    const released = order({ orderStates: ["RELEASED"] });
    const part = { kind: "deliveries" as const, lines: [{ position: 0, quantity: 1 }] };
    expect(refusalOf(part, released, BLOCKING)).toBeNull();
    const afterPart = applyOperation(part, released);
    expect(afterPart).toMatchObject({
      orderStates: ["PARTIALLY_DELIVERED"],
      deliveredQuantities: [1, 0],
      partial: true,
    });

    const partly = order({
      orderStates: afterPart.orderStates,
      lines: [
        { quantity: 2, deliveredQuantity: 1 },
        { quantity: 1, deliveredQuantity: 0 },
      ],
    });
    const tooMuch = { kind: "deliveries" as const, lines: [{ position: 0, quantity: 2 }] };
    expect(refusalOf(tooMuch, partly, BLOCKING)).toBe("Line 0 has 1 left to deliver");
    const rest = {
      kind: "deliveries" as const,
      lines: [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
    };
    expect(applyOperation(rest, partly)).toMatchObject({
      orderStates: ["FULLY_DELIVERED"],
      partial: false,
    });
  });

  it("does not deliver a placed order, and a blocking state stops release and delivery", () => {
    const delivery = { kind: "deliveries" as const, lines: [{ position: 0, quantity: 1 }] };
    expect(refusalOf(delivery, order(), BLOCKING)).toBe(
      "An order that is PLACED cannot take deliveries",
    );
    const awaiting = order({ customStates: ["awaiting_customer_action"] });
    expect(refusalOf({ kind: "releases" }, awaiting, BLOCKING)).toBe(
      "The custom state awaiting_customer_action blocks releases",
    );
    expect(
      refusalOf(
        delivery,
        order({ orderStates: ["RELEASED"], customStates: ["customer_declined"] }),
        BLOCKING,
      ),
    ).toBe("The custom state customer_declined blocks deliveries");
    // An approved order moves on.
    expect(
      refusalOf({ kind: "releases" }, order({ customStates: ["customer_approved"] }), BLOCKING),
    ).toBeNull();
  });

  it("cancels before delivery only, even while awaiting the customer", () => {
    expect(
      refusalOf(
        { kind: "cancellations" },
        order({ customStates: ["customer_declined"] }),
        BLOCKING,
      ),
    ).toBeNull();
    expect(
      applyOperation({ kind: "cancellations" }, order({ orderStates: ["RELEASED"] })).orderStates,
    ).toEqual(["CANCELLED"]);
    expect(
      refusalOf(
        { kind: "cancellations" },
        order({ orderStates: ["PARTIALLY_DELIVERED"] }),
        BLOCKING,
      ),
    ).toBe("An order that is PARTIALLY_DELIVERED cannot take cancellations");
  });

  it("compensates part, then all, keeping the flow state", () => {
    const delivered = order({ orderStates: ["FULLY_DELIVERED"] });
    expect(refusalOf({ kind: "compensations", amount: 3000 }, delivered, BLOCKING)).toBeNull();
    expect(applyOperation({ kind: "compensations", amount: 3000 }, delivered)).toMatchObject({
      orderStates: ["FULLY_DELIVERED", "PARTIALLY_COMPENSATED"],
      compensatedTotal: 3000,
      partial: true,
    });
    const partly = order({
      orderStates: ["FULLY_DELIVERED", "PARTIALLY_COMPENSATED"],
      compensatedTotal: 3000,
    });
    expect(refusalOf({ kind: "compensations", amount: 7001 }, partly, BLOCKING)).toBe(
      "7000 is left to compensate",
    );
    expect(applyOperation({ kind: "compensations", amount: 7000 }, partly).orderStates).toEqual([
      "FULLY_DELIVERED",
      "FULLY_COMPENSATED",
    ]);
  });

  it("refunds a cancelled order, and nothing before delivery or cancellation", () => {
    expect(
      refusalOf(
        { kind: "compensations", amount: 10_000 },
        order({ orderStates: ["CANCELLED"] }),
        BLOCKING,
      ),
    ).toBeNull();
    expect(refusalOf({ kind: "compensations", amount: 100 }, order(), BLOCKING)).toBe(
      "An order that is PLACED cannot take compensations",
    );
  });
});
