import { describe, expect, it } from "vitest";
import { type LineOffer, planLines } from "./add-lines.js";

const offer = (overrides: Partial<LineOffer> = {}): LineOffer => ({
  productVariantId: "v1",
  productParentId: "p1",
  orderLimit: null,
  priced: true,
  availableQuantity: 10,
  ...overrides,
});

describe("planLines", () => {
  it("adds lines that can be bought and says why the others cannot", () => {
    const plans = planLines(
      [
        { quantity: 2, offer: offer() },
        { quantity: 1, offer: null },
        { quantity: 1, offer: offer({ productVariantId: "v2", priced: false }) },
        { quantity: 1, offer: offer({ productVariantId: "v3", availableQuantity: 0 }) },
        { quantity: null, offer: null, problem: "quantity" },
      ],
      [],
      "exact",
    );
    expect(plans.map((plan) => (plan.kind === "add" ? plan.quantity : plan.reason))).toEqual([
      2,
      "unknown",
      "not-sold",
      "sold-out",
      "quantity",
    ]);
  });

  it("refuses more than in stock in exact mode, counting the cart and earlier lines", () => {
    const plans = planLines(
      [
        { quantity: 3, offer: offer({ availableQuantity: 5 }) },
        { quantity: 2, offer: offer({ availableQuantity: 5 }) },
      ],
      [{ productVariantId: "v1", productParentId: "p1", quantity: 1 }],
      "exact",
    );
    expect(plans[0]).toMatchObject({ kind: "add", quantity: 3 });
    expect(plans[1]).toMatchObject({ kind: "refused", reason: "stock", available: 1 });
  });

  it("refuses past the parent's order limit over all its variants (C§4)", () => {
    const limited = { productParentId: "p1", orderLimit: 4 };
    const plans = planLines(
      [
        { quantity: 2, offer: offer({ ...limited }) },
        { quantity: 2, offer: offer({ ...limited, productVariantId: "v2" }) },
        { quantity: 1, offer: offer({ ...limited, productVariantId: "v3" }) },
      ],
      [{ productVariantId: "v9", productParentId: "p1", quantity: 1 }],
      "exact",
    );
    expect(plans[0]).toMatchObject({ kind: "add", quantity: 2 });
    expect(plans[1]).toMatchObject({ kind: "refused", reason: "order-limit", orderLimit: 4 });
    expect(plans[2]).toMatchObject({ kind: "add", quantity: 1 });
  });

  it("adds as many as allowed in up-to mode and says what limited it", () => {
    const plans = planLines(
      [
        { quantity: 5, offer: offer({ availableQuantity: 3 }) },
        {
          quantity: 5,
          offer: offer({ productVariantId: "v2", productParentId: "p2", orderLimit: 2 }),
        },
        {
          quantity: 1,
          offer: offer({ productVariantId: "v2", productParentId: "p2", orderLimit: 2 }),
        },
      ],
      [],
      "up-to",
    );
    expect(plans[0]).toMatchObject({ kind: "add", quantity: 3, asked: 5, limitedBy: "stock" });
    expect(plans[1]).toMatchObject({ kind: "add", quantity: 2, limitedBy: "order-limit" });
    expect(plans[2]).toMatchObject({ kind: "refused", reason: "order-limit" });
  });
});
