import { HttpError } from "@kassa/api-client";
import { OrderLimitError } from "@kassa/domain";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { sizeChangeErrorToast } from "./size-change-errors.server";

const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `t:${key}:${JSON.stringify(values)}` : `t:${key}`) as unknown as TFunction;

function httpError(status: number, message: string) {
  return new HttpError({ message, status, method: "PUT", url: "http://platform/x" });
}

describe("sizeChangeErrorToast (C§4)", () => {
  const context = { size: "L", limit: 3 };
  const description = (reason: unknown) => sizeChangeErrorToast(reason, t, context).description;

  it("says each refusal of the rule, and that the cart is unchanged", () => {
    expect(sizeChangeErrorToast("unknown-size", t, context)).toEqual({
      variant: "error",
      title: "t:cart.sizeChangeErrorTitle",
      description: "t:cart.sizeUnknown",
    });
    expect(description("sold-out")).toBe('t:cart.sizeSoldOut:{"size":"L"}');
    expect(description("order-limit")).toBe('t:cart.sizeOrderLimit:{"limit":3}');
  });

  it("reads the platform's refusals as the rule's", () => {
    expect(description(httpError(403, "ORDER_LIMIT_REACHED"))).toBe(
      't:cart.sizeOrderLimit:{"limit":3}',
    );
    expect(description(new OrderLimitError("pp-1", 2, 3))).toBe(
      't:cart.sizeOrderLimit:{"limit":2}',
    );
    expect(description(httpError(400, "BAD_REQUEST"))).toBe("t:cart.sizeUnknown");
    expect(description(httpError(404, "product variant not found"))).toBe("t:cart.sizeUnknown");
  });

  it("falls back to the cart's errors under its own title", () => {
    expect(sizeChangeErrorToast(httpError(429, "TOO_MANY_REQUESTS"), t, context)).toEqual({
      variant: "error",
      title: "t:cart.sizeChangeErrorTitle",
      description: "t:cart.tooManyRequests",
    });
  });
});
