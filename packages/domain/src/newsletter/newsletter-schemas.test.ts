import { describe, expect, it } from "vitest";
import { NEWSLETTER_IMAGE } from "./newsletter-limits.js";
import { NEWSLETTER_MESSAGES, NEWSLETTER_TEXTS } from "./newsletter-messages.js";
import { newsletterSignupSchema, newsletterUnsubscribeSchema } from "./newsletter-schemas.js";

function errorsOf(input: Record<string, unknown>) {
  const parsed = newsletterSignupSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("newsletterSignupSchema (C§5)", () => {
  it("takes an address, trimmed and lower-cased, and the block's source", () => {
    expect(
      newsletterSignupSchema.parse({
        intent: "subscribe",
        email: "  Anna.Berg@Example.SE ",
        source: "storefront-footer",
      }),
    ).toEqual({ intent: "subscribe", email: "anna.berg@example.se", source: "storefront-footer" });
  });

  it("says 'Email is required' for a missing or blank address, and nothing else", () => {
    expect(errorsOf({ intent: "subscribe" })).toEqual([NEWSLETTER_MESSAGES.emailRequired]);
    expect(errorsOf({ intent: "subscribe", email: "   " })).toEqual([
      NEWSLETTER_MESSAGES.emailRequired,
    ]);
  });

  it("says 'Please enter a valid email address' for what is not one", () => {
    for (const email of ["anna", "anna@", "anna@example", "@example.se", "an na@example.se"]) {
      expect(errorsOf({ intent: "subscribe", email }), email).toEqual([
        NEWSLETTER_MESSAGES.emailInvalid,
      ]);
    }
    const tooLong = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.se`;
    expect(errorsOf({ intent: "subscribe", email: tooLong })).toEqual([
      NEWSLETTER_MESSAGES.emailInvalid,
    ]);
  });

  it("drops a source it does not know instead of refusing the sign-up", () => {
    expect(
      newsletterSignupSchema.parse({ intent: "subscribe", email: "a@b.se", source: "elsewhere" }),
    ).toEqual({ intent: "subscribe", email: "a@b.se", source: undefined });
  });

  it("refuses another intent", () => {
    expect(errorsOf({ intent: "unsubscribe", email: "a@b.se" })).toEqual(["validation.invalid"]);
  });

  it("has the spec's English texts", () => {
    expect(NEWSLETTER_TEXTS[NEWSLETTER_MESSAGES.emailRequired]).toBe("Email is required");
    expect(NEWSLETTER_TEXTS[NEWSLETTER_MESSAGES.emailInvalid]).toBe(
      "Please enter a valid email address",
    );
  });
});

describe("newsletterUnsubscribeSchema", () => {
  it("needs the mail's token", () => {
    expect(newsletterUnsubscribeSchema.parse({ intent: "unsubscribe", token: " abc " })).toEqual({
      intent: "unsubscribe",
      token: "abc",
    });
    expect(
      newsletterUnsubscribeSchema.safeParse({ intent: "unsubscribe", token: "" }).success,
    ).toBe(false);
    expect(
      newsletterUnsubscribeSchema.safeParse({ intent: "unsubscribe", token: "x".repeat(513) })
        .success,
    ).toBe(false);
  });
});

describe("NEWSLETTER_IMAGE (C§9)", () => {
  it("is 1200 by 600", () => {
    expect(NEWSLETTER_IMAGE).toEqual({ width: 1200, height: 600 });
  });
});
