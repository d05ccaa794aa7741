import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { errorsOf, formData } from "~/test-support/form";
import { loginIntents } from "./intents";

const parse = (fields: Record<string, string>) =>
  parseWithZod(formData(fields), { schema: loginIntents });
const login = { email: "ada@example.se", password: "Tiotecken12!" };

describe("the login page's intents", () => {
  it("logs in, or confirms the link's address first", () => {
    const plain = parse({ intent: "log-in", ...login });
    expect(plain.status === "success" && plain.value).toMatchObject({
      intent: "log-in",
      email: login.email,
    });
    const confirming = parse({ intent: "confirm-email", ...login });
    expect(confirming.status === "success" && confirming.value).toMatchObject({
      intent: "confirm-email",
      email: login.email,
    });
  });

  it("takes no token from the form (the page's cookie holds it), and needs an intent it knows", () => {
    const confirming = parse({ intent: "confirm-email", confirmToken: "link-token", ...login });
    expect(confirming.status === "success" && confirming.value).not.toHaveProperty("confirmToken");
    expect(errorsOf(parse(login)).intent).toBeDefined();
  });

  it("refuses a redirect off the site", () => {
    expect(
      errorsOf(parse({ intent: "log-in", ...login, redirectTo: "//evil.example/" })).redirectTo,
    ).toBeDefined();
  });
});
