import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { errorsOf, formData } from "~/test-support/form";
import { credentialsIntents } from "./intents";

const schema = credentialsIntents("RADERA");

describe("the credentials page's intents", () => {
  it("parses the profile with the domain's schema, phone normalised, and keeps the intent", () => {
    const submission = parseWithZod(
      formData({ intent: "update-profile", first_name: "Ada", phone_number: "0701234567" }),
      {
        schema,
      },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      intent: "update-profile",
      first_name: "Ada",
      phone_number: "+46701234567",
      allow_email: false,
    });
  });

  it("reports a bad profile field on that field", () => {
    const submission = parseWithZod(formData({ intent: "update-profile", phone_number: "12" }), {
      schema,
    });
    expect(submission.status).toBe("error");
    expect(Object.keys(errorsOf(submission))).toEqual(["phone_number"]);
  });

  it("deletes only with the keyword", () => {
    const refused = parseWithZod(formData({ intent: "delete-account", confirmation: "nej" }), {
      schema,
    });
    expect(errorsOf(refused).confirmation).toBeDefined();
    const accepted = parseWithZod(formData({ intent: "delete-account", confirmation: "radera" }), {
      schema,
    });
    expect(accepted.status === "success" && accepted.value.intent).toBe("delete-account");
  });

  it("refuses a post without a known intent", () => {
    for (const intent of [undefined, "drop-tables"]) {
      const submission = parseWithZod(
        formData(intent ? { intent, first_name: "Ada" } : { first_name: "Ada" }),
        { schema },
      );
      expect(submission.status, String(intent)).toBe("error");
      expect(errorsOf(submission).intent).toBeDefined();
    }
  });
});
