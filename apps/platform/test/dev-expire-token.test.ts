import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestToken, signUp } from "./support/accounts.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

describe("POST /dev/expire-token", () => {
  it("makes a link answer 'link expired' at once", async () => {
    const { payload } = await signUp(platform);
    const token = await latestToken(platform, payload.email);
    const expired = await platform.request("POST", "/dev/expire-token", { body: { token } });
    expect(expired.status).toBe(200);
    const verify = await platform.request<{ status: string }>("POST", "/enad/verify-email/", {
      body: { token },
    });
    expect(verify.status).toBe(410);
    expect(verify.body.status).toBe("link expired");
  });

  it("answers 404 for a token that does not exist", async () => {
    const { status } = await platform.request("POST", "/dev/expire-token", {
      body: { token: "no-such-token" },
    });
    expect(status).toBe(404);
  });
});
