import type {
  PlatformErrorBody,
  SessionCustomerReply,
  SessionNewAddressInput,
  SessionState,
} from "@kassa/api-client";
import { customerReferenceOf } from "@kassa/domain";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, orderEvents, organisationMembers, paymentSessions } from "../src/db/schema.js";
import { signAccessToken } from "../src/modules/accounts/access-token.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "../src/seed/fixtures.js";
import { verifiedUser } from "./support/accounts.js";
import {
  cartWith,
  ordersOf,
  pay,
  readCheckout,
  SHOPPER,
  startCheckout,
  startedCheckout,
} from "./support/checkout-flow.js";
import { companyPath } from "./support/companies.js";
import { accessTokenOf, klarnaCheckout, linkCustomer, paidOrder } from "./support/order-flow.js";
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
        contact: null,
        billingAddress: null,
        shippingAddress: null,
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

/** A company's default address of a kind, as the seed made it. */
async function defaultAddressId(organisationId: string, kind: "billing" | "shipping") {
  const rows = await platform.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.companyId, organisationId), eq(addresses.kind, kind)))
    .orderBy(asc(addresses.position));
  const row = rows.find((address) => address.isDefault) ?? rows[0];
  if (!row) throw new Error(`no ${kind} address of ${organisationId}`);
  return row.id;
}

const NEW_SHIPPING: SessionNewAddressInput = {
  name: "Byggarbetsplats",
  company_name: "Nordtrade AB",
  street_address: "Bygatan 12",
  city: "Uppsala",
  state_province: "Uppsala län",
  postal_code: "75320",
  country: "se",
};

async function sessionOf(sessionToken: string): Promise<SessionState> {
  const { body } = await platform.request<SessionState>("GET", "/shopper/sessions", {
    token: sessionToken,
  });
  return body;
}

describe("the customer card's choice (A§2, A§4)", () => {
  it("keeps the contact person and both addresses, and GET /shopper/sessions answers them", async () => {
    const sessionToken = await cartWith(platform);
    const accessToken = await accessTokenOf(platform, "agent");
    const billingId = await defaultAddressId(nordtrade.id, "billing");
    const linked = await linkCustomer(platform, sessionToken, {
      accessToken,
      organisationId: nordtrade.id,
      contactUserId: SEED_USERS.companyBuyer.id,
      billingAddress: { id: billingId },
      shippingAddress: NEW_SHIPPING,
    });
    expect(linked.status).toBe(200);
    const customer = linked.body.customer;
    expect(customer).toMatchObject({
      userId: SEED_USERS.agent.id,
      organisationId: nordtrade.id,
      onBehalf: true,
      contact: {
        id: SEED_USERS.companyBuyer.id,
        first_name: SEED_USERS.companyBuyer.firstName,
        last_name: SEED_USERS.companyBuyer.lastName,
        email: SEED_USERS.companyBuyer.email,
      },
      billingAddress: { id: billingId, company_name: nordtrade.name },
      // A new address is the session's only: no id, country in capitals, the rest as sent.
      shippingAddress: {
        id: null,
        name: "Byggarbetsplats",
        street_address: "Bygatan 12",
        state_province: "Uppsala län",
        country: "SE",
        phone: "",
      },
    });
    expect((await sessionOf(sessionToken)).customer).toEqual(customer);
    // The new address was not added to the company's address book.
    const stored = await platform.db
      .select()
      .from(addresses)
      .where(eq(addresses.streetAddress, "Bygatan 12"));
    expect(stored).toEqual([]);
  });

  it("lets an agent name themself, a customer of the company or nobody; anyone else is refused", async () => {
    const sessionToken = await cartWith(platform);
    const accessToken = await accessTokenOf(platform, "agent");
    const link = (contactUserId?: string) =>
      linkCustomer(platform, sessionToken, {
        accessToken,
        organisationId: nordtrade.id,
        ...(contactUserId ? { contactUserId } : {}),
      });
    expect((await link(SEED_USERS.agent.id)).body.customer?.contact?.id).toBe(SEED_USERS.agent.id);
    expect((await link(SEED_USERS.companyAdmin.id)).body.customer?.contact?.id).toBe(
      SEED_USERS.companyAdmin.id,
    );
    expect((await link()).body.customer?.contact).toBeNull();

    // A customer of another company, an account of no company, and nobody at all.
    for (const stranger of [
      SEED_USERS.finnishCompanyBuyer.id,
      SEED_USERS.customer.id,
      "usr-none",
    ]) {
      const refused = await link(stranger);
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as PlatformErrorBody).errors).toEqual([
        "contactUserId: is not a customer of the organisation",
      ]);
    }
    // A refusal leaves the link as it was.
    expect((await sessionOf(sessionToken)).customer?.contact).toBeNull();
  });

  it("lets a buyer name themself or nobody, never a colleague: 403, the link as it was (A§4)", async () => {
    const sessionToken = await cartWith(platform);
    const accessToken = await accessTokenOf(platform, "companyBuyer");
    const link = (contactUserId?: string) =>
      linkCustomer(platform, sessionToken, {
        accessToken,
        organisationId: nordtrade.id,
        ...(contactUserId ? { contactUserId } : {}),
      });
    expect((await link(SEED_USERS.companyBuyer.id)).body.customer?.contact?.id).toBe(
      SEED_USERS.companyBuyer.id,
    );
    // The company's admin is a customer of it too: still someone else.
    const refused = await link(SEED_USERS.companyAdmin.id);
    expect(refused.status).toBe(403);
    expect((await sessionOf(sessionToken)).customer?.contact?.id).toBe(SEED_USERS.companyBuyer.id);
    expect((await link()).body.customer?.contact).toBeNull();
  });

  it("refuses another company's address, and an address of the other kind", async () => {
    const sessionToken = await cartWith(platform);
    const accessToken = await accessTokenOf(platform, "agent");
    const foreign = await linkCustomer(platform, sessionToken, {
      accessToken,
      organisationId: nordtrade.id,
      billingAddress: { id: await defaultAddressId(fjallhandel.id, "billing") },
      shippingAddress: { id: await defaultAddressId(nordtrade.id, "billing") },
    });
    expect(foreign.status).toBe(400);
    expect((foreign.body as unknown as PlatformErrorBody).errors).toEqual([
      "billingAddress.id: is not a billing address of the organisation",
      "shippingAddress.id: is not a shipping address of the organisation",
    ]);
    expect((await sessionOf(sessionToken)).customer).toBeNull();
  });

  it("checks a new address with the card's rules (A§5), naming each field", async () => {
    const sessionToken = await cartWith(platform);
    const refused = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "agent"),
      organisationId: nordtrade.id,
      shippingAddress: { ...NEW_SHIPPING, street_address: " ", state_province: "", country: "" },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as PlatformErrorBody).errors).toEqual([
      "shippingAddress.street_address: Street address is required",
      "shippingAddress.state_province: State/province is required",
      "shippingAddress.country: Country is required",
    ]);
    // A country the shop does not deliver to would fail at the order: refused now.
    const abroad = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "agent"),
      organisationId: nordtrade.id,
      billingAddress: { ...NEW_SHIPPING, country: "DE" },
    });
    expect((abroad.body as unknown as PlatformErrorBody).errors).toEqual([
      "billingAddress.country: the shop does not deliver to DE",
    ]);
  });

  it("needs a company for a contact person or an address", async () => {
    const sessionToken = await cartWith(platform);
    const refused = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "agent"),
      contactUserId: SEED_USERS.agent.id,
      shippingAddress: NEW_SHIPPING,
    });
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as PlatformErrorBody).errors).toEqual([
      "contactUserId: needs organisationId",
      "shippingAddress: needs organisationId",
    ]);
  });

  it("moves the revision on with every change of the choice, and never for the same choice", async () => {
    const sessionToken = await cartWith(platform);
    const accessToken = await accessTokenOf(platform, "agent");
    const started = await startedCheckout(platform, sessionToken, "KlarnaCheckout");
    const choice = {
      accessToken,
      organisationId: nordtrade.id,
      contactUserId: SEED_USERS.companyBuyer.id,
      billingAddress: { id: await defaultAddressId(nordtrade.id, "billing") },
      shippingAddress: NEW_SHIPPING,
    };
    await linkCustomer(platform, sessionToken, choice);
    const linked = await revisionOf(sessionToken);
    expect((await readCheckout(platform, started.token)).body.checkout.isStale).toBe(true);

    // The same choice again, the new address sent in another spelling: nothing changes.
    await linkCustomer(platform, sessionToken, {
      ...choice,
      shippingAddress: { ...NEW_SHIPPING, country: "SE", city: " Uppsala " },
    });
    expect(await revisionOf(sessionToken)).toBe(linked);

    await linkCustomer(platform, sessionToken, { ...choice, contactUserId: SEED_USERS.agent.id });
    expect(await revisionOf(sessionToken)).toBe(linked + 1);
    await linkCustomer(platform, sessionToken, {
      ...choice,
      contactUserId: SEED_USERS.agent.id,
      shippingAddress: { id: await defaultAddressId(nordtrade.id, "shipping") },
    });
    expect(await revisionOf(sessionToken)).toBe(linked + 2);
    await linkCustomer(platform, sessionToken, {
      ...choice,
      contactUserId: SEED_USERS.agent.id,
      shippingAddress: { ...NEW_SHIPPING, postal_code: "75321" },
    });
    expect(await revisionOf(sessionToken)).toBe(linked + 3);
  });

  it("places the order with the card's addresses, reference and contact, by the agent for the company", async () => {
    const buyer = SEED_USERS.companyBuyer;
    const reference = customerReferenceOf(
      {
        name: nordtrade.name,
        organisation_number: nordtrade.organisationNumber,
        tax_id_vat_number: nordtrade.taxIdVatNumber,
        contact_name: "",
      },
      { first_name: buyer.firstName, last_name: buyer.lastName },
    );
    const order = await paidOrder(platform, {
      storeGroupId: "business",
      attributes: { ...reference },
      customer: {
        accessToken: await accessTokenOf(platform, "agent"),
        organisationId: nordtrade.id,
        contactUserId: buyer.id,
        billingAddress: { id: await defaultAddressId(nordtrade.id, "billing") },
        shippingAddress: NEW_SHIPPING,
      },
    });
    expect(order).toMatchObject({
      userId: SEED_USERS.agent.id,
      organisationId: nordtrade.id,
      customStates: ["awaiting_customer_action"],
      attributes: {
        company: { reference: `${buyer.firstName} ${buyer.lastName}`, name: nordtrade.name },
        merchantReference1: nordtrade.organisationNumber,
      },
      // The company's billing address, with the names and email the provider collected.
      billingAddress: {
        givenName: "Anna",
        familyName: "Andersson",
        email: "anna@example.se",
        organizationName: "Nordtrade AB",
        streetAddress: "Sveavägen 44",
        postalCode: "11134",
        city: "Stockholm",
        country: "SE",
        telephoneNumber: "+46812345600",
      },
      // The new address: it has no phone, so the provider's stays.
      shippingAddress: {
        givenName: "Anna",
        organizationName: "Nordtrade AB",
        streetAddress: "Bygatan 12",
        postalCode: "75320",
        city: "Uppsala",
        country: "SE",
        telephoneNumber: "+46701234567",
      },
    });
    const [placed] = await platform.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.position));
    expect(placed).toMatchObject({
      kind: "placed",
      actor: { id: SEED_USERS.agent.id, role: "agent" },
      onBehalfOf: { id: nordtrade.id, name: nordtrade.name },
      details: {
        contact: {
          id: buyer.id,
          name: `${buyer.firstName} ${buyer.lastName}`,
          email: buyer.email,
        },
      },
    });
  });
});

describe("a link that no longer holds", () => {
  it("starts no checkout for a user an admin removed from the company after the link was made", async () => {
    const sessionToken = await cartWith(platform);
    const linked = await linkCustomer(platform, sessionToken, {
      accessToken: await accessTokenOf(platform, "companyBuyer"),
      organisationId: nordtrade.id,
    });
    expect(linked.status).toBe(200);
    const membership = and(
      eq(organisationMembers.userId, SEED_USERS.companyBuyer.id),
      eq(organisationMembers.organisationId, nordtrade.id),
    );
    const [row] = await platform.db.select().from(organisationMembers).where(membership);
    await platform.db.delete(organisationMembers).where(membership);
    try {
      const started = await startCheckout(platform, sessionToken, "KlarnaCheckout");
      expect(started.status).toBe(403);
      expect(started.body.message).toBe("The user may no longer order for this organisation");
    } finally {
      if (row) await platform.db.insert(organisationMembers).values(row);
    }
    // Member again: the same link may order.
    expect((await startCheckout(platform, sessionToken, "KlarnaCheckout")).status).toBe(200);
  });

  it("places no order for a user an admin removed between the checkout and the payment (issue 28)", async () => {
    const { user, login } = await verifiedUser(platform);
    await platform.db
      .insert(organisationMembers)
      .values({ userId: user.id, organisationId: nordtrade.id, role: "customer" });
    const { checkout, klarnaOrder } = await klarnaCheckout(platform, {
      customer: { accessToken: login.access_token, organisationId: nordtrade.id },
    });
    const removed = await platform.request(
      "DELETE",
      companyPath(nordtrade.id, `users/${encodeURIComponent(user.id)}/`),
      { token: await accessTokenOf(platform, "companyAdmin") },
    );
    expect(removed.status).toBe(200);

    await pay(klarnaOrder.hosted_payment_page_url, { ...SHOPPER, outcome: "approve" });
    expect(await ordersOf(platform, checkout.checkout.id)).toEqual([]);
    const [session] = await platform.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.checkoutId, checkout.checkout.id));
    expect(session?.status).toBe("refused");
    expect(session?.data).toMatchObject({
      errors: ["customer: the user may no longer order for this organisation"],
    });
  });
});
