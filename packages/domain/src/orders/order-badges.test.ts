import { describe, expect, it } from "vitest";
import { orderBadges } from "./order-badges.js";

describe("orderBadges (C§4)", () => {
  it("gives each known state its badge, custom states extra badges by id, and no badge to an unknown state", () => {
    const badges = orderBadges({
      status: {
        orderStates: ["FULLY_DELIVERED", "PARTIALLY_COMPENSATED", "SHIPPED_TO_MARS"],
        customStates: [{ id: "awaiting_customer_action" }, { id: "vip" }],
      },
    });
    expect(badges).toEqual([
      { kind: "state", state: "FULLY_DELIVERED", tone: "success" },
      { kind: "state", state: "PARTIALLY_COMPENSATED", tone: "warning" },
      { kind: "custom", id: "awaiting_customer_action", tone: "warning" },
      { kind: "custom", id: "vip", tone: "neutral" },
    ]);
  });

  it("adds the Provorder badge when merchantReference2 is provorder", () => {
    const badges = orderBadges({
      status: { orderStates: ["PLACED"], customStates: [] },
      attributes: { merchantReference2: "provorder" },
    });
    expect(badges.map((badge) => badge.kind)).toEqual(["state", "provorder"]);
    expect(
      orderBadges({
        status: { orderStates: ["PLACED"], customStates: [] },
        attributes: { merchantReference2: "usr-1" },
      }).map((badge) => badge.kind),
    ).toEqual(["state"]);
  });
});
