import { createManagementClient, createOrdersClient } from "@kassa/api-client";
import {
  DEVELOPMENT_OAUTH_CLIENT,
  SEED_COMPANIES,
  SEED_ORDERS,
  SEED_PASSWORD,
  SEED_USERS,
} from "@kassa/platform/testing";
import { afterEach, describe, expect, it } from "vitest";
import { reloadConfig } from "~/modules/http/config.server";
import { readToast } from "~/modules/http/toast.server";
import { Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The account area's orders (C§2, C§4, C§6, issue 10) through their loaders and actions, on a real
 * platform: the list's lookups and filters, the order page's 404 for another company's order, and
 * the customer's decisions as the forms post them (with and without JavaScript alike).
 */
const platform = withPlatform();

const management = () =>
  createManagementClient({
    baseUrl: platform().url,
    clientId: DEVELOPMENT_OAUTH_CLIENT.id,
    clientSecret: DEVELOPMENT_OAUTH_CLIENT.secret,
  });

/** Orders reserved for decisions; each test takes its own, so none sees another's decision. */
const reserved = [...SEED_ORDERS.reservedForDecisions];
function takeOrder(): string {
  const id = reserved.shift();
  if (!id) throw new Error("no reserved order left");
  return id;
}

const original = { ...process.env };
afterEach(() => {
  process.env = { ...original, ...urlsOf(process.env) };
  reloadConfig();
});
function urlsOf(env: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key.endsWith("_API_URL")));
}

async function loggedIn(email: string): Promise<Browser> {
  const browser = new Browser();
  const answer = (await logInThroughForm(browser, email, SEED_PASSWORD)) as Response;
  expect(answer.status).toBe(303);
  return browser;
}

async function orderList(browser: Browser, search = "") {
  const route = await import("./my-account.orders._index");
  const answer = await route.loader({
    request: browser.request(`/my-account/orders/${search}`),
    params: {},
    context: {},
  });
  return answer.data.list;
}

async function orderPage(browser: Browser, id: string) {
  const route = await import("./my-account.orders.$id/route");
  return route.loader({
    request: browser.request(`/my-account/orders/${id}`),
    params: { id },
    context: {},
  });
}

async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

/** The status of what a loader threw: a `Response`, or the `data()` of an error boundary. */
function statusOf(thrown: unknown): number | undefined {
  if (thrown instanceof Response) return thrown.status;
  return (thrown as { init?: ResponseInit | null }).init?.status ?? undefined;
}

async function decide(browser: Browser, id: string, fields: Record<string, string>) {
  const route = await import("./my-account.orders.$id/route");
  const answer = await settle(() =>
    route.action({
      request: browser.form(`/my-account/orders/${id}`, { orderId: id, ...fields }),
      params: { id },
      context: {},
    }),
  );
  if (answer instanceof Response) browser.keep(answer);
  return answer;
}

/** The flash toast the next page of this browser shows. */
async function toastOf(browser: Browser) {
  return (await readToast(browser.request("/"))).toast;
}

/** The order as the platform keeps it (read as its customer). */
async function stored(browser: Browser, id: string) {
  const route = await import("./my-account.orders.$id/route");
  const answer = await route.loader({
    request: browser.request(`/my-account/orders/${id}`),
    params: { id },
    context: {},
  });
  return answer.data;
}

describe("the order list (C§2, C§4)", () => {
  it("shows a company buyer their company's orders, newest first, 20 a page", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const list = await orderList(browser);
    expect(list.total).toBe(SEED_ORDERS.byOrganisation.nordtrade);
    expect(list.rows).toHaveLength(20);
    expect(list.totalPages).toBe(Math.ceil(SEED_ORDERS.byOrganisation.nordtrade / 20));
    // C§2: Swedish date format, newest first.
    const dates = list.rows.map((row) => row.date);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect([...dates].sort().reverse()).toEqual(dates);
    // One organisation: no company filter (C§2).
    expect(list.companies).toEqual([]);
    // Never another company's order.
    const page2 = await orderList(browser, "?page=2");
    expect(page2.page).toBe(2);
    expect(page2.rows[0]?.reference).not.toBe(list.rows[0]?.reference);
  });

  it("filters by status (CANCELLED shown as declined; compensated includes partly) and searches by number", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const cancelled = await orderList(browser, "?status=CANCELLED");
    expect(cancelled.total).toBeGreaterThan(0);
    for (const row of cancelled.rows) expect(row.status.orderStates).toContain("CANCELLED");

    const compensated = await orderList(browser, "?status=FULLY_COMPENSATED");
    const states = compensated.rows.flatMap((row) => row.status.orderStates);
    expect(states).toContain("PARTIALLY_COMPENSATED");
    for (const row of compensated.rows) {
      expect(row.status.orderStates.some((state) => state.endsWith("_COMPENSATED"))).toBe(true);
    }

    const all = await orderList(browser);
    const wanted = all.rows[3]?.reference ?? "";
    const found = await orderList(browser, `?q=${wanted}`);
    expect(found.rows.map((row) => row.reference)).toEqual([wanted]);

    // A hand-edited URL falls back to the defaults rather than failing.
    const odd = await orderList(browser, "?status=BOGUS&page=-4");
    expect(odd.query.status).toBe("ALL");
    expect(odd.page).toBe(1);
  });

  it("gives an agent of several companies the company filter, and narrows to one", async () => {
    const browser = await loggedIn(SEED_USERS.agent.email);
    const list = await orderList(browser);
    expect(list.companies.map((company) => company.id).sort()).toEqual(
      [...SEED_COMPANIES.agentCompanyIds].sort(),
    );
    // Only Nordtrade AB and Fjällhandel Oy of the agent's companies have seeded orders.
    expect(list.total).toBe(
      SEED_ORDERS.byOrganisation.nordtrade + SEED_ORDERS.byOrganisation.fjallhandel,
    );
    const fjallhandel = list.companies.find((company) => company.name === "Fjällhandel Oy");
    const narrowed = await orderList(browser, `?company=${fjallhandel?.id}`);
    expect(narrowed.total).toBe(SEED_ORDERS.byOrganisation.fjallhandel);
    expect(narrowed.companyId).toBe(fjallhandel?.id);
  });

  it("shows a consumer their own orders only", async () => {
    const browser = await loggedIn(SEED_USERS.customer.email);
    const list = await orderList(browser);
    expect(list.total).toBe(SEED_ORDERS.byPlacer.customer);
  });

  it("sends a visitor to the login page", async () => {
    const answer = await settle(() => orderList(new Browser()));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("the order page (C§2, C§6)", () => {
  it("answers 404 for another company's order, as for one that does not exist", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const other = await thrownBy(() => orderPage(browser, SEED_ORDERS.fjallhandelOrderId));
    const missing = await thrownBy(() => orderPage(browser, "ord-does-not-exist"));
    expect(statusOf(other)).toBe(404);
    expect(statusOf(missing)).toBe(404);
    expect(other).toEqual(missing);
  });

  it("offers no decision on an order that does not await the customer", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const page = await stored(browser, takeOrder());
    expect(page.available).toEqual({ approve: false, decline: false, "request-change": false });
  });
});

describe("the customer's decisions (C§4)", () => {
  it("approve: the states change as C§4 says, and a toast follows", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    expect((await stored(browser, id)).available).toEqual({
      approve: true,
      decline: true,
      "request-change": true,
    });

    const answer = (await decide(browser, id, { intent: "approve" })) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/my-account/orders/${id}`);
    expect((await toastOf(browser))?.title).toBe("Order godkänd!");

    const after = await stored(browser, id);
    expect(after.order.status.customStates.map((state) => state.id)).toEqual(["customer_approved"]);
    expect(after.available.approve).toBe(false);
    expect(after.order.events.at(-1)).toMatchObject({ kind: "custom_state_removed" });
  });

  it("decline with a reason keeps it as a note, once, however often the form is sent", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const form = {
      intent: "decline",
      reason: "Fel färg på tröjorna.",
      submissionId: "double-click-1",
    };
    expect(((await decide(browser, id, form)) as Response).status).toBe(303);
    // The same form again (a double click, or a resent post): success, and still one note.
    expect(((await decide(browser, id, form)) as Response).status).toBe(303);
    const after = await stored(browser, id);
    expect(after.order.status.customStates.map((state) => state.id)).toEqual(["customer_declined"]);
    expect(after.order.notes.map((note) => note.text)).toEqual(["Fel färg på tröjorna."]);
  });

  it("decline without a reason sends no note (C§4)", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    expect(
      ((await decide(browser, id, { intent: "decline", reason: "" })) as Response).status,
    ).toBe(303);
    const after = await stored(browser, id);
    expect(after.order.status.customStates.map((state) => state.id)).toEqual(["customer_declined"]);
    expect(after.order.notes).toEqual([]);
  });

  it("request change needs its text; sent, it is a note and the order still awaits", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const empty = await decide(browser, id, { intent: "request-change", change: "  " });
    expect(empty).not.toBeInstanceOf(Response);
    expect(
      (empty as { init: ResponseInit | null; data: { result: { error?: object } } }).init?.status,
    ).toBe(400);

    const sent = (await decide(browser, id, {
      intent: "request-change",
      change: "Storlek L i stället för M, tack.",
    })) as Response;
    expect(sent.status).toBe(303);
    expect((await toastOf(browser))?.title).toBe("Ändring av order begärd!");
    const after = await stored(browser, id);
    expect(after.order.notes.map((note) => note.text)).toEqual([
      "Storlek L i stället för M, tack.",
    ]);
    expect(after.order.status.customStates.map((state) => state.id)).toEqual([
      "awaiting_customer_action",
    ]);
  });

  it("an agent cannot decide, whatever the form says (C§6)", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    const agent = await loggedIn(SEED_USERS.agent.email);
    expect((await stored(agent, id)).available.approve).toBe(false);
    const answer = (await decide(agent, id, { intent: "approve" })) as Response;
    expect(answer.status).toBe(303);
    expect((await toastOf(agent))?.variant).toBe("error");
    // And straight at the platform, as a hand-made request would go: 403.
    const token = await accessTokenOf(SEED_USERS.agent.email);
    await expect(
      createOrdersClient({ baseUrl: platform().url, accessToken: token }).changeOrderCustomState({
        orderId: id,
        stateId: "customer_approved",
        type: "add",
      }),
    ).rejects.toMatchObject({ status: 403 });
    const buyer = await loggedIn(SEED_USERS.companyBuyer.email);
    expect((await stored(buyer, id)).order.status.customStates.map((state) => state.id)).toEqual([
      "awaiting_customer_action",
    ]);
  });

  it("offers nothing when the shop turns decisions off (KASSA_ORDER_DECISIONS_ENABLED)", async () => {
    const id = takeOrder();
    await management().addCustomState(id, "awaiting_customer_action");
    process.env.KASSA_ORDER_DECISIONS_ENABLED = "false";
    reloadConfig();
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    expect((await stored(browser, id)).available).toEqual({
      approve: false,
      decline: false,
      "request-change": false,
    });
    await decide(browser, id, { intent: "approve" });
    expect((await stored(browser, id)).order.status.customStates.map((state) => state.id)).toEqual([
      "awaiting_customer_action",
    ]);
  });
});

async function accessTokenOf(email: string): Promise<string> {
  const response = await fetch(`${platform().url}/enad/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}
