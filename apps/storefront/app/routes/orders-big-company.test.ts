import { SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, logInThroughForm } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The order list of a big company (issue 32): Nordtrade AB with 1,500 orders. The list asks the
 * platform for one page (`/brink/get-orders-page/`), which counts them all, instead of reading
 * every order of every lookup (the single lookups answer at most 1,000 each).
 */
const BULK = 1500;
withPlatform({ bulkOrders: BULK });

afterEach(() => {
  vi.restoreAllMocks();
});

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

describe("the order list of a company with 1,500 orders", () => {
  it("counts every order, and its last page holds the oldest", async () => {
    const browser = await loggedIn(SEED_USERS.companyBuyer.email);
    const list = await orderList(browser);
    expect(list.total).toBe(BULK);
    expect(list.totalPages).toBe(BULK / 20);
    expect(list.rows).toHaveLength(20);
    const last = await orderList(browser, `?page=${BULK / 20}`);
    expect(last.page).toBe(BULK / 20);
    expect(last.rows).toHaveLength(20);
    // The bulk history starts in January 2019 (Stockholm time, as the list shows it).
    expect(last.rows.at(-1)?.date.startsWith("2019-01")).toBe(true);
    // A page past the last shows the last (the URL's page is clamped, as before).
    expect((await orderList(browser, "?page=9999")).page).toBe(BULK / 20);
  });

  it("asks the platform once per list view, for one page, never for every lookup's orders", async () => {
    const browser = await loggedIn(SEED_USERS.agent.email);
    const fetched = vi.spyOn(globalThis, "fetch");
    const list = await orderList(browser, "?status=DELIVERED");
    expect(list.total).toBeGreaterThan(1000);
    const paths = fetched.mock.calls.map(
      ([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname,
    );
    expect(paths.filter((path) => path.startsWith("/brink/"))).toEqual(["/brink/get-orders-page/"]);
  });

  it("searches by number among all of them", async () => {
    const browser = await loggedIn(SEED_USERS.companyAdmin.email);
    const last = await orderList(browser, `?page=${BULK / 20}`);
    const oldest = last.rows.at(-1)?.reference ?? "";
    const found = await orderList(browser, `?q=${oldest}`);
    expect(found.rows.map((row) => row.reference)).toContain(oldest);
    expect(found.hasOrders).toBe(true);
  });
});
