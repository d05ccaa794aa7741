import { HttpError } from "@kassa/api-client";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { cartErrorToast } from "./cart-errors.server";

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

function httpError(status: number, message: string) {
  return new HttpError({ message, status, method: "POST", url: "http://platform/x" });
}

describe("cartErrorToast (C§8)", () => {
  it("says to wait when the platform refuses too many attempts, instead of its code", () => {
    expect(cartErrorToast(httpError(429, "TOO_MANY_REQUESTS"), t)).toEqual({
      variant: "error",
      title: "t:cart.errorTitle",
      description: "t:cart.tooManyRequests",
    });
  });

  it("shows another refusal's message under 'Cart error'", () => {
    expect(cartErrorToast(httpError(400, "The cart is empty"), t).description).toBe(
      "The cart is empty",
    );
  });
});
