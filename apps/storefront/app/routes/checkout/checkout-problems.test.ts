import { SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * /checkout where the market offers no payment provider at all (`KASSA_PAYMENT_PROVIDERS` with
 * an empty list): C§8's "Capabilities are not available", not "No suitable payment provider"
 * (that one is for providers the shop cannot embed, which this platform never offers), and no
 * checkout token is kept.
 */
withPlatform({ paymentProviders: "*:*=" });

describe("/checkout without payment providers", () => {
  it("says the capabilities are not available, and starts no checkout", async () => {
    const browser = new Browser();
    await addFromProductPage(browser, SEED_FIXTURES.simple.slug, SEED_FIXTURES.simple.variantId, 1);
    const route = await import("./route");
    const answer = (await settle(() =>
      route.loader({ request: browser.request("/checkout"), params: {}, context: {} }),
    )) as { data: { state: { kind: string; problem?: string } }; init?: ResponseInit | null };

    expect(answer.data.state).toEqual({ kind: "problem", problem: "capabilities-unavailable" });
    expect(new Headers(answer.init?.headers ?? {}).get("Set-Cookie") ?? "").not.toMatch(
      /checkoutToken=[^;]/,
    );
  });
});
