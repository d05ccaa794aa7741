import { describe, expect, it } from "vitest";
import { MAX_ORDER_NOTE_LENGTH, orderDecisionSchema } from "./order-decision-schemas.js";

describe("orderDecisionSchema (C§2 action dialogs)", () => {
  it("takes a decline without a reason, and trims a reason", () => {
    expect(orderDecisionSchema.parse({ intent: "decline", orderId: "o1", reason: "  " })).toEqual({
      intent: "decline",
      orderId: "o1",
      reason: undefined,
    });
    expect(
      orderDecisionSchema.parse({ intent: "decline", orderId: "o1", reason: " Fel storlek " }),
    ).toMatchObject({ reason: "Fel storlek" });
  });

  it("needs the text of a change request", () => {
    const result = orderDecisionSchema.safeParse({
      intent: "request-change",
      orderId: "o1",
      change: " ",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("orders.validation.changeRequired");
  });

  it("refuses a note longer than the platform keeps", () => {
    const result = orderDecisionSchema.safeParse({
      intent: "decline",
      orderId: "o1",
      reason: "x".repeat(MAX_ORDER_NOTE_LENGTH + 1),
    });
    expect(result.error?.issues[0]?.message).toBe("orders.validation.noteTooLong");
  });

  it("refuses an unknown intent and a missing order id", () => {
    expect(orderDecisionSchema.safeParse({ intent: "delete", orderId: "o1" }).success).toBe(false);
    expect(orderDecisionSchema.safeParse({ intent: "approve" }).success).toBe(false);
  });
});
