import { describe, expect, it } from "vitest";
import { resetLinkOutcome, verifyLinkOutcome } from "./outcomes";

const email = "ada@example.test";
const resendAt = 1_000;

describe("the forgot-password states (A§2, A§8)", () => {
  it("moves to emailVerfySent only on 'Email verification link created'", () => {
    expect(
      verifyLinkOutcome(
        { ok: true, data: { message: "Email verification link created" } },
        email,
        resendAt,
      ),
    ).toEqual({ state: "emailVerfySent", email });
    // Any other answer, even a 200, is not a sent link.
    expect(
      verifyLinkOutcome({ ok: true, data: { message: "something else" } }, email, resendAt),
    ).toEqual({ state: "verifyLinkFailed", email });
  });

  it("offers the signup for an unknown address and the reset for a confirmed one", () => {
    expect(
      verifyLinkOutcome({ ok: false, status: 404, details: "email not found" }, email, resendAt),
    ).toEqual({ state: "emailNotFound", email, resendAt });
    expect(
      verifyLinkOutcome(
        { ok: false, status: 409, details: "email already verified" },
        email,
        resendAt,
      ),
    ).toEqual({ state: "emailAlreadyVerified", email });
  });

  it("shows an error for any other failure, and the wait for too many links", () => {
    expect(
      verifyLinkOutcome({ ok: false, status: 400, details: "somethingWentWrong" }, email, resendAt),
    ).toEqual({ state: "verifyLinkFailed", email });
    expect(
      verifyLinkOutcome(
        { ok: false, status: 429, details: "too many attempts", retryAfter: 61 },
        email,
        resendAt,
      ),
    ).toEqual({ state: "tooManyLinks", email, minutes: 2 });
  });

  it("keeps the reset link's states", () => {
    expect(
      resetLinkOutcome(
        { ok: true, data: { message: "Reset password link created" } },
        email,
        resendAt,
      ),
    ).toEqual({ state: "checkEmail", email, resendAt });
    expect(
      resetLinkOutcome({ ok: false, status: 400, details: "email not verified" }, email, resendAt),
    ).toEqual({ state: "emailNotVerified", email });
    expect(
      resetLinkOutcome({ ok: false, status: 404, details: "email not found" }, email, resendAt),
    ).toEqual({ state: "emailNotFound", email, resendAt });
  });

  it("maps the reset link's answers exactly as A§7/A§8 say, and shows other failures as they are", () => {
    const failed = { state: "resetLinkFailed", email };
    // An ok answer without the spec's message is not a link sent.
    expect(resetLinkOutcome({ ok: true, data: { message: "" } }, email, resendAt)).toEqual(failed);
    // The spec's details *include* the words.
    expect(
      resetLinkOutcome(
        { ok: false, status: 400, details: "Bad request: email not found for this store" },
        email,
        resendAt,
      ),
    ).toEqual({ state: "emailNotFound", email, resendAt });
    expect(
      resetLinkOutcome({ ok: false, status: 400, details: "Email not verified" }, email, resendAt),
    ).toEqual({ state: "emailNotVerified", email });
    // A refused request or a rate limit is not "email not found" with a signup offer.
    expect(
      resetLinkOutcome({ ok: false, status: 400, details: "invalid email" }, email, resendAt),
    ).toEqual(failed);
    expect(resetLinkOutcome({ ok: false, status: 500, details: "" }, email, resendAt)).toEqual(
      failed,
    );
    expect(
      resetLinkOutcome({ ok: false, status: 429, details: "", retryAfter: 600 }, email, resendAt),
    ).toEqual({ state: "tooManyLinks", email, minutes: 10 });
  });
});
