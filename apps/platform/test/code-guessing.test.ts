import type { PlatformErrorBody, SessionStarted } from "@kassa/api-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DISCOUNT_CODE_TRIES,
  UNKNOWN_DISCOUNT_CODES_SHOP_WIDE,
} from "../src/modules/discounts/discount-code-tries.js";
import { GIFT_CARD_TRIES } from "../src/modules/gift-cards/gift-card-tries.js";
import { applyCard, cartWith, startedCheckout } from "./support/checkout-flow.js";
import { DAY, MINUTE } from "./support/test-clock.js";
import type { TestPlatform } from "./support/test-platform.js";

/**
 * Codes cannot be guessed (issue 28): discount codes are limited per session and per client
 * address (60 unknown codes in a row used to be taken without a 429); gift-card pins also per
 * card, whatever session or address the guesses come from; and an unknown card answers exactly
 * as a known one with a wrong pin, after the same scrypt work.
 */

// The pin check is the platform's own `verifyPassword`, watched: an unknown card must cost it too.
vi.mock("../src/modules/accounts/password-hash.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/accounts/password-hash.js")>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

let platform: TestPlatform;
let verifyPassword: typeof import("../src/modules/accounts/password-hash.js").verifyPassword;

beforeAll(async () => {
  // Files share their worker's loaded modules (vitest.config.ts): the app an earlier file loaded
  // holds the real `verifyPassword`, so the app is loaded again here, with the watched one.
  vi.resetModules();
  ({ verifyPassword } = await import("../src/modules/accounts/password-hash.js"));
  const { startTestPlatform } = await import("./support/test-platform.js");
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["KlarnaCheckout"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

// Every test starts with the windows of the one before it over.
beforeEach(() => {
  platform.clock.advance(2 * DAY);
});

/** A session started without a forwarded address (not limited by address: the test is not). */
async function session(): Promise<string> {
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId: "default", countryCode: "SE", languageCode: "sv" },
  });
  return body.token;
}

function tryCode(sessionToken: string, discountCode: string, address?: string) {
  return platform.request<PlatformErrorBody>("POST", "/shopper/sessions/discount-codes", {
    token: sessionToken,
    body: { discountCode },
    headers: address ? { "x-forwarded-for": address } : {},
  });
}

/** A checkout ready for gift cards, in a session of its own. */
async function checkoutToken(): Promise<string> {
  return (await startedCheckout(platform, await cartWith(platform), "KlarnaCheckout")).token;
}

function tryCard(token: string, code: string, pin: string, address?: string) {
  return platform.request<PlatformErrorBody>("PUT", `/shopper-retain24/gift-cards/${code}`, {
    token,
    body: { pin },
    headers: address ? { "x-forwarded-for": address } : {},
  });
}

/** The value of one series in the platform's `/metrics` (0 when it is not there). */
async function metric(series: string): Promise<number> {
  const text = await (await fetch(`${platform.url}/metrics`)).text();
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const FAILED_UNKNOWN = 'kassa_platform_discount_code_failures_total{error="MISSING_DISCOUNT_CODE"}';
const refusedBy = (limit: string) => `kassa_platform_rate_limit_refusals_total{limit="${limit}"}`;

/** The error body without what differs between any two answers (the request id). */
function comparable(body: PlatformErrorBody) {
  const { requestId: _requestId, ...rest } = body;
  return rest;
}

describe("discount codes cannot be guessed", () => {
  it("one session: 60 unknown codes are refused 429 long before the 60th", async () => {
    const token = await session();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof tryCode>> | undefined;
    for (let guess = 0; guess < 60; guess++) {
      const answer = await tryCode(token, `GUESS${guess}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        refused = answer;
        break;
      }
    }
    expect(statuses.slice(0, DISCOUNT_CODE_TRIES.perSession)).toEqual(
      Array(DISCOUNT_CODE_TRIES.perSession).fill(404),
    );
    expect(statuses).toHaveLength(DISCOUNT_CODE_TRIES.perSession + 1);
    expect(refused?.body).toMatchObject({ error: "TOO_MANY_REQUESTS", statusCode: 429 });
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // A real code is refused too now: the session's tries are spent, whatever it tries.
    expect((await tryCode(token, "VALKOMMEN10")).status).toBe(429);
  });

  it("many sessions from one address: refused once the address has tried its share", async () => {
    const address = "203.0.113.60";
    const statuses: number[] = [];
    let token = "";
    for (let guess = 0; guess < 60; guess++) {
      // A new session every five guesses: far below each session's own limit.
      if (guess % 5 === 0) token = await session();
      statuses.push((await tryCode(token, `SPRAY${guess}`, address)).status);
    }
    expect(statuses.indexOf(429)).toBe(DISCOUNT_CODE_TRIES.perAddress);
    expect(statuses.slice(DISCOUNT_CODE_TRIES.perAddress).every((status) => status === 429)).toBe(
      true,
    );
    // Another address is not held up by this one.
    expect((await tryCode(await session(), "SPRAY-ELSEWHERE", "203.0.113.61")).status).toBe(404);
  });

  it("many addresses of one IPv6 /64 are one client: refused once the /64 has tried its share", async () => {
    // A home connection has a /64: 2^64 addresses to send each guess from.
    const statuses: number[] = [];
    let token = "";
    for (let guess = 0; guess < DISCOUNT_CODE_TRIES.perAddress + 10; guess++) {
      if (guess % 5 === 0) token = await session();
      const address = `2001:db8:64:1:${(guess + 1).toString(16)}:${guess * 7}::${guess + 1}`;
      statuses.push((await tryCode(token, `SIXTYFOUR${guess}`, address)).status);
    }
    expect(statuses.indexOf(429)).toBe(DISCOUNT_CODE_TRIES.perAddress);
    expect(statuses.slice(DISCOUNT_CODE_TRIES.perAddress).every((status) => status === 429)).toBe(
      true,
    );
    // The /64 written another way is still held; the next /64 is another client.
    expect((await tryCode(await session(), "SIXTYFOUR-X", "2001:DB8:64:1::ffff")).status).toBe(429);
    expect((await tryCode(await session(), "SIXTYFOUR-Y", "2001:db8:64:2::1")).status).toBe(404);
  });

  it("an IPv4-mapped IPv6 address is its IPv4 address", async () => {
    const statuses: number[] = [];
    let token = "";
    for (let guess = 0; guess < DISCOUNT_CODE_TRIES.perAddress + 1; guess++) {
      if (guess % 5 === 0) token = await session();
      // One client however its IPv4 address is written (203.0.113.64 is `cb00:7140`).
      const address = ["203.0.113.64", "::ffff:203.0.113.64", "::ffff:cb00:7140"][guess % 3];
      statuses.push((await tryCode(token, `MAPPED${guess}`, address)).status);
    }
    expect(statuses.indexOf(429)).toBe(DISCOUNT_CODE_TRIES.perAddress);
  });

  it("a code that is added does not count: a shopper's typos and their code fit", async () => {
    const token = await cartWith(platform);
    for (let typo = 0; typo < DISCOUNT_CODE_TRIES.perSession - 1; typo++) {
      expect((await tryCode(token, `VALKOMEN${typo}`)).status).toBe(404);
    }
    expect((await tryCode(token, "VALKOMMEN10")).status).toBe(200);
    expect((await tryCode(token, "VALKOMMEN1")).status).toBe(404);
    expect((await tryCode(token, "VALKOMMEN")).status).toBe(429);
  });
});

describe("discount codes cannot be guessed from many addresses (ADR 0051)", () => {
  it("the shop-wide budget of unknown codes trips across many /64s and sessions; real codes still work", async () => {
    const { perMinute } = UNKNOWN_DISCOUNT_CODES_SHOP_WIDE;
    const failedBefore = await metric(FAILED_UNKNOWN);
    const shopRefusalsBefore = await metric(refusedBy("discount-code-shop"));
    // Each session tries 5 codes and each /64 10: far below their own limits (10 and 30). A
    // session's five go at once, as a guesser's would.
    const statuses: number[] = [];
    for (let first = 0; first < perMinute; first += 5) {
      const token = await session();
      const network = `2001:db8:${(0x100 + Math.floor(first / 10)).toString(16)}:1`;
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((n) =>
          tryCode(token, `BOTNET${first + n}`, `${network}::${first + n}`),
        ),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(Array(perMinute).fill(404));

    // The next unknown code, from a session and a /64 that never tried one, is refused.
    const refused = await tryCode(await session(), "BOTNET-NEXT", "2001:db8:ffff:1::1");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "TOO_MANY_REQUESTS", statusCode: 429 });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await tryCode(await session(), "BOTNET-V4", "198.51.100.250")).status).toBe(429);

    // Codes that exist work as before: added, or told apart as C§8 says.
    const shopper = "2001:db8:fffe:1::1";
    expect((await tryCode(await cartWith(platform), "VALKOMMEN10", shopper)).status).toBe(200);
    const expired = await tryCode(await cartWith(platform), "VINTER2024", shopper);
    expect([expired.status, expired.body.error]).toEqual([400, "EXPIRED_DISCOUNT_CODE"]);
    const inactive = await tryCode(await cartWith(platform), "PAUSAD", shopper);
    expect([inactive.status, inactive.body.error]).toEqual([400, "INACTIVE_DISCOUNT_CODE"]);

    // The run is seen: every unknown code counted, the budget's refusals by name.
    expect(await metric(FAILED_UNKNOWN)).toBe(failedBefore + perMinute + 2);
    expect(await metric(refusedBy("discount-code-shop"))).toBe(shopRefusalsBefore + 2);

    // A minute later the shop answers unknown codes as before.
    platform.clock.advance(MINUTE);
    expect((await tryCode(await session(), "BOTNET-LATER", "2001:db8:ffff:1::2")).status).toBe(404);
  });

  it("/metrics counts the refusals of the per-session and per-/64 limits by name", async () => {
    const sessionRefusals = await metric(refusedBy("discount-code-session"));
    const addressRefusals = await metric(refusedBy("discount-code-address"));
    const token = await session();
    for (let guess = 0; guess <= DISCOUNT_CODE_TRIES.perSession; guess++) {
      await tryCode(token, `ONE-SESSION${guess}`);
    }
    expect(await metric(refusedBy("discount-code-session"))).toBe(sessionRefusals + 1);

    let spray = "";
    for (let guess = 0; guess <= DISCOUNT_CODE_TRIES.perAddress; guess++) {
      if (guess % 5 === 0) spray = await session();
      await tryCode(spray, `ONE-NETWORK${guess}`, `2001:db8:abc:1::${guess + 1}`);
    }
    expect(await metric(refusedBy("discount-code-address"))).toBe(addressRefusals + 1);
  });
});

describe("gift-card pins cannot be guessed", () => {
  const card = "6000000000002000";

  it("one card from many sessions and addresses: 10 wrong pins, then refused; the owner a day later", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < GIFT_CARD_TRIES.perCard + 5; guess++) {
      // Each guess from a new checkout (a new session) and a new address.
      const token = await checkoutToken();
      const pin = String(guess).padStart(4, "0");
      statuses.push((await tryCard(token, card, pin, `198.51.100.${guess + 1}`)).status);
    }
    expect(statuses.slice(0, GIFT_CARD_TRIES.perCard)).toEqual(
      Array(GIFT_CARD_TRIES.perCard).fill(400),
    );
    expect(statuses.slice(GIFT_CARD_TRIES.perCard)).toEqual(Array(5).fill(429));

    // While the card is held, even its right pin is refused: the answer says nothing.
    const held = await tryCard(await checkoutToken(), card, "1234", "198.51.100.200");
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);

    // The count slides: a day after the guesses the owner's pin works, and clears the count.
    platform.clock.advance(DAY);
    expect((await tryCard(await checkoutToken(), card, "1234")).status).toBe(204);
    for (let typo = 0; typo < GIFT_CARD_TRIES.perCard; typo++) {
      expect((await tryCard(await checkoutToken(), card, "9999")).status).toBe(400);
    }
  });

  it("an unknown card answers as a wrong pin does, after the same pin check", async () => {
    const mocked = vi.mocked(verifyPassword);
    const token = await checkoutToken();

    mocked.mockClear();
    const wrongPin = await tryCard(token, card, "0000");
    expect(mocked).toHaveBeenCalledTimes(1);
    const knownHash = mocked.mock.calls[0]?.[1];

    mocked.mockClear();
    const unknownCard = await tryCard(token, "6000000000009999", "0000");
    expect(mocked).toHaveBeenCalledTimes(1);
    const standIn = mocked.mock.calls[0]?.[1];
    // A real scrypt hash with the parameters every card's has, not a shortcut.
    expect(standIn).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(standIn?.split("$").slice(0, 4)).toEqual(knownHash?.split("$").slice(0, 4));

    expect(unknownCard.status).toBe(wrongPin.status);
    expect(comparable(unknownCard.body)).toEqual(comparable(wrongPin.body));
  });

  it("an unknown card is counted like a known one, so the limit does not tell them apart", async () => {
    const unknown = "6000000000007777";
    const statuses: number[] = [];
    for (let guess = 0; guess <= GIFT_CARD_TRIES.perCard; guess++) {
      statuses.push((await tryCard(await checkoutToken(), unknown, "0000")).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 400)).toHaveLength(GIFT_CARD_TRIES.perCard);
  });

  it("applies a card at once with its right pin (nothing else changed for a shopper)", async () => {
    expect((await tryCard(await checkoutToken(), "6000000000008000", "1234")).status).toBe(204);
    expect((await applyCard(platform, await checkoutToken(), card, "1234")).status).toBe(204);
  });
});
