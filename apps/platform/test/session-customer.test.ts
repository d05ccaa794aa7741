import type { PlatformErrorBody, SessionCustomerReply, SessionState } from "@kassa/api-client";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents } from "../src/db/schema.js";
import { signAccessToken } from "../src/modules/accounts/access-token.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import { cartWith, readCheckout, startedCheckout } from "./support/checkout-flow.js";
import { accessTokenOf, linkCustomer, paidOrder } from "./support/order-flow.js";
import { HOUR } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": ["KlarnaCheckout"] } },
  });
});

afterAll(async () => {
  await platform?.close();
});

const { nordtrade, fjallhandel } = SEED_ORGANISATIONS;

async function revisionOf(sessionToken: string): Promise<number> {
  const { body } = await platform.request<SessionState>("GET", "/shopper/sessions", {
    token: sessionToken,
  });
  return body.cart.revision;
}

describe("PUT /shopper/sessions/customer (ADR 0012)", () => {
  it("links the session to the token's user and company, once", async () => {
    const sessionToken = await cartWith(platform);
    const before = await revisionOf(sessionToken);
    const accessToken = await accessTokenOf(platform, "companyBuyer");
    const linked = await linkCustomer(platform, sessionToken, {
      accessToken,
      organisationId: nordtrade.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toEqual({
      customer: {
        userId: SEED_USERS.companyBuyer.id,
        organisationId: nordtrade.id,
        onBehalf: false,
      },
    } satisfies SessionCustomerReply);
    expect(await revisionOf(sessionToken)).toBe(before + 1);

    // The same link again changes nothing, so a repeat cannot make a checkout stale.
    expect(
      (await linkCustomer(platform, sessionToken, { accessToken, organisationId: nordtrade.id }))
        .status,
    ).toBe(200);
    expect(await revisionOf(sessionToken)).toBe(before + 1);
  });

  it("says an agent orders on the company's behalf", async () => {
    const sessionToken = await cartWith(platform);
    const linked = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "agent"),
      organisationId: fjallhandel.id,
    });
    expect(linked.body.customer).toMatchObject({ organisationId: fjallhandel.id, onBehalf: true });
  });

  it("refuses a forged, foreign or expired token with 401", async () => {
    const sessionToken = await cartWith(platform);
    const forged = await signAccessToken(
      { userId: SEED_USERS.companyAdmin.id, version: 0 },
      "another-secret-another-secret-another",
      new Date(),
    );
    expect((await linkCustomer(platform, sessionToken, { accessToken: forged })).status).toBe(401);
    // A shopper session token is not an access token.
    expect((await linkCustomer(platform, sessionToken, { accessToken: sessionToken })).status).toBe(
      401,
    );
    const accessToken = await accessTokenOf(platform, "customer");
    platform.clock.advance(2 * HOUR);
    try {
      expect((await linkCustomer(platform, sessionToken, { accessToken })).status).toBe(401);
    } finally {
      platform.clock.advance(-2 * HOUR);
    }
  });

  it("refuses another company with 403 and an unknown one with 404, and lets a super admin choose any", async () => {
    const sessionToken = await cartWith(platform);
    const buyer = await accessTokenOf(platform, "companyBuyer");
    const other = await linkCustomer(platform, sessionToken, {
      accessToken: buyer,
      organisationId: fjallhandel.id,
    });
    expect(other.status).toBe(403);
    expect((other.body as unknown as PlatformErrorBody).error).toBe("FORBIDDEN");
    expect(
      (
        await linkCustomer(platform, sessionToken, {
          accessToken: buyer,
          organisationId: "org-none",
        })
      ).status,
    ).toBe(404);
    const superAdmin = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "superAdmin"),
      organisationId: fjallhandel.id,
    });
    expect(superAdmin.status).toBe(200);
    expect(superAdmin.body.customer?.onBehalf).toBe(true);
  });

  it("makes a checkout started before a change of customer stale", async () => {
    const sessionToken = await cartWith(platform);
    const started = await startedCheckout(platform, sessionToken, "KlarnaCheckout");
    await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "customer"),
    });
    expect((await readCheckout(platform, started.token)).body.checkout.isStale).toBe(true);
  });

  it("DELETE unlinks: the order is then a guest's", async () => {
    const sessionToken = await cartWith(platform);
    await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "customer"),
    });
    const unlinked = await platform.request<SessionCustomerReply>(
      "DELETE",
      "/shopper/sessions/customer",
      {
        token: sessionToken,
      },
    );
    expect(unlinked.body).toEqual({ customer: null });
    const order = await paidOrder(platform);
    expect(order.userId).toBeNull();
  });
});

describe("an order placed from a linked session", () => {
  it("belongs to the user and company, and its trail starts with who placed it", async () => {
    const order = await paidOrder(platform, {
      storeGroupId: "business",
      customer: {
        accessToken: await accessTokenOf(platform, "companyBuyer"),
        organisationId: nordtrade.id,
      },
    });
    expect(order).toMatchObject({
      userId: SEED_USERS.companyBuyer.id,
      organisationId: nordtrade.id,
    });
    expect(order.customStates).toEqual([]);
    const trail = await platform.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.position));
    expect(trail.map((event) => event.kind)).toEqual(["placed"]);
    expect(trail[0]).toMatchObject({
      actor: { type: "user", id: SEED_USERS.companyBuyer.id, name: "Ingrid Ek", role: "customer" },
      onBehalfOf: null,
    });
  });

  it("placed by an agent, it is on the company's behalf and awaits the company's decision", async () => {
    const order = await paidOrder(platform, {
      storeGroupId: "business",
      customer: {
        accessToken: await accessTokenOf(platform, "agent"),
        organisationId: nordtrade.id,
      },
    });
    expect(order.customStates).toEqual(["awaiting_customer_action"]);
    const trail = await platform.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.position));
    expect(trail.map((event) => [event.kind, event.details.stateId ?? null])).toEqual([
      ["placed", null],
      ["custom_state_added", "awaiting_customer_action"],
    ]);
    expect(trail[0]).toMatchObject({
      actor: { id: SEED_USERS.agent.id, role: "agent" },
      onBehalfOf: { id: nordtrade.id, name: nordtrade.name },
    });
  });

  it("a guest's order names the buyer as the provider collected them", async () => {
    const order = await paidOrder(platform);
    const [placed] = await platform.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(placed?.actor).toEqual({
      type: "user",
      id: "",
      name: "Anna Andersson",
      role: "customer",
    });
  });
});
