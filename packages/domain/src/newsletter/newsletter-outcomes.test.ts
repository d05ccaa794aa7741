import { describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES, NEWSLETTER_TEXTS } from "./newsletter-messages.js";
import {
  newsletterConfirmState,
  newsletterFailure,
  newsletterOutcome,
  newsletterUnsubscribeState,
} from "./newsletter-outcomes.js";

describe("newsletterOutcome", () => {
  it("is success for a confirmation mail and for an address already on the list", () => {
    expect(newsletterOutcome({ success: true, message: "confirmation_sent" })).toEqual({
      state: "success",
      message: NEWSLETTER_MESSAGES.checkInbox,
      alreadySubscribed: false,
    });
    expect(newsletterOutcome({ success: true, message: "already_subscribed" })).toEqual({
      state: "success",
      message: NEWSLETTER_MESSAGES.checkInbox,
      alreadySubscribed: true,
    });
  });

  it("is 'Subscription failed' when the provider refuses", () => {
    expect(newsletterOutcome({ success: false, message: "list not found" })).toEqual({
      state: "error",
      message: NEWSLETTER_MESSAGES.subscriptionFailed,
      failure: "refused",
    });
  });
});

describe("newsletterFailure (C§8)", () => {
  it("names each failure with one of the spec's texts", () => {
    const text = (failure: Parameters<typeof newsletterFailure>[0]) => {
      const outcome = newsletterFailure(failure);
      if (outcome.state !== "error") throw new Error("not an error");
      return NEWSLETTER_TEXTS[outcome.message as keyof typeof NEWSLETTER_TEXTS];
    };
    expect(text("refused")).toBe("Subscription failed");
    expect(text("server")).toBe("Something went wrong. Please try again.");
    expect(text("unexpected")).toBe("An unexpected error occurred");
  });
});

describe("the mail's links", () => {
  it("confirm: confirmed, confirmed before, or an unknown or expired link", () => {
    expect(newsletterConfirmState({ success: true, message: "confirmed" })).toBe("confirmed");
    expect(newsletterConfirmState({ success: true, message: "already_confirmed" })).toBe(
      "alreadyConfirmed",
    );
    expect(newsletterConfirmState({ success: false, message: "token not found" })).toBe(
      "invalidLink",
    );
  });

  it("unsubscribe: unsubscribed, or an unknown link", () => {
    expect(newsletterUnsubscribeState({ success: true, message: "unsubscribed" })).toBe(
      "unsubscribed",
    );
    expect(newsletterUnsubscribeState({ success: false, message: "token not found" })).toBe(
      "invalidLink",
    );
  });
});
