import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { errorsOf, formData } from "~/test-support/form";
import { resetPasswordIntents } from "./intents";

const parse = (fields: Record<string, string>) =>
  parseWithZod(formData(fields), { schema: resetPasswordIntents });

describe("the reset-password page's intents", () => {
  it("tells the link requests apart by intent", () => {
    for (const intent of ["request-reset", "resend-verification"] as const) {
      const submission = parse({ intent, email: " Ada@Example.se " });
      expect(submission.status === "success" && submission.value).toEqual({
        intent,
        email: "ada@example.se",
      });
    }
  });

  it("checks the new password and its confirmation", () => {
    const mismatch = parse({
      intent: "set-password",
      token: "t",
      password: "Tiotecken12!",
      confirmPassword: "Tiotecken13!",
    });
    expect(Object.keys(errorsOf(mismatch))).toEqual(["confirmPassword"]);
    const good = parse({
      intent: "set-password",
      token: "t",
      password: "Tiotecken12!",
      confirmPassword: "Tiotecken12!",
    });
    expect(good.status === "success" && good.value.intent).toBe("set-password");
  });

  it("refuses a post without a known intent", () => {
    expect(errorsOf(parse({ email: "ada@example.se" })).intent).toBeDefined();
    expect(errorsOf(parse({ intent: "set-email", email: "ada@example.se" })).intent).toBeDefined();
  });
});
