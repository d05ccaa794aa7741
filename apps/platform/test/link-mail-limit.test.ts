import type { ApiEnvelope } from "@kassa/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_MAILS_PER_HOUR } from "../src/modules/accounts/link-mail-limit.js";
import { SEED_USERS } from "../src/seed/fixtures.js";
import { outbox } from "./support/accounts.js";
import { HOUR } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.close();
});

type LinkReply = ApiEnvelope<{ message?: string; details?: string; retry_after?: number }>;

const resetLink = (email: string) =>
  platform.request<LinkReply>("POST", "/api/enad/create-reset-password-link/", { body: { email } });
const verifyLink = (email: string) =>
  platform.request<LinkReply>("POST", "/api/enad/create-verify-link/", { body: { email } });

describe("link mails per address", () => {
  it(`allows ${LINK_MAILS_PER_HOUR} an hour, then answers 429 'too many attempts' until the hour has passed`, async () => {
    const { email } = SEED_USERS.customer;
    for (let sent = 0; sent < LINK_MAILS_PER_HOUR; sent++) {
      expect((await resetLink(email)).status).toBe(200);
    }
    const refused = await resetLink(email);
    expect(refused.status).toBe(429);
    expect(refused.body.data.details).toBe("too many attempts");
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(refused.headers.get("retry-after")).toBe(String(refused.body.data.retry_after));
    expect(await outbox(platform, email)).toHaveLength(LINK_MAILS_PER_HOUR);

    platform.clock.advance(HOUR);
    expect((await resetLink(email)).status).toBe(200);
  });

  it("counts verification links too", async () => {
    const { email } = SEED_USERS.unverified;
    for (let sent = 0; sent < LINK_MAILS_PER_HOUR; sent++) {
      expect((await verifyLink(email)).status).toBe(200);
    }
    const refused = await verifyLink(email);
    expect(refused.status).toBe(429);
    expect(refused.body.data.details).toBe("too many attempts");
  });
});
