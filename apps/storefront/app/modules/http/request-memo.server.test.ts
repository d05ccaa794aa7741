import { describe, expect, it, vi } from "vitest";
import { oncePerRequest } from "./request-memo.server";

describe("oncePerRequest", () => {
  it("asks once per request context and key", async () => {
    const load = vi.fn(async () => ({ items: 2 }));
    const page = {};
    const [layout, cart] = await Promise.all([
      oncePerRequest(page, "cart-session", load),
      oncePerRequest(page, "cart-session", load),
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cart).toBe(layout);

    await oncePerRequest(page, "another", load);
    await oncePerRequest({}, "cart-session", load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
