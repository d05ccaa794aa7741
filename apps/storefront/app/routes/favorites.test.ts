import { SEED_FIXTURES, SEED_PASSWORD, SEED_USERS } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { Browser, logInThroughForm, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * The wishlist's server side against a real platform: the heart's form post without scripts, the
 * cookie that carries the list, and a logged-in user's list kept on the platform, which follows
 * them to another device and takes in what they kept before logging in.
 */
withPlatform();

const SWEATER = "pp-1001"; // ulltroja-fjall, the multi-variant product
const MUG = SEED_FIXTURES.simple.productParentId;

async function post(browser: Browser, fields: Record<string, string>) {
  const favorites = await import("./favorites");
  const answer = await settle(() =>
    favorites.action({ request: browser.form("/favorites", fields), params: {}, context: {} }),
  );
  if (answer instanceof Response) browser.keep(answer);
  return answer;
}

async function page(browser: Browser) {
  const favorites = await import("./favorites");
  const answer = await favorites.loader({
    request: browser.request("/favorites"),
    params: {},
    context: {},
  });
  browser.keep(new Response(null, { headers: answer.init?.headers }));
  return answer.data;
}

function wishlistCookie(browser: Browser) {
  return /(?:^|; )wishlist=([^;]*)/.exec(browser.cookieHeader())?.[1] ?? "";
}

describe("the wishlist without scripts", () => {
  it("adds with the colour kept, comes back with a toast, and removes again", async () => {
    const browser = new Browser();
    const added = (await post(browser, {
      intent: "add",
      entry: `${SWEATER}:pv-1001-05`,
      redirectTo: "/produkt/ulltroja-fjall",
    })) as Response;
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe("/produkt/ulltroja-fjall");
    expect(wishlistCookie(browser)).toBe(`${SWEATER}:pv-1001-05`);
    await post(browser, { intent: "add", entry: MUG, redirectTo: "/" });

    const listed = await page(browser);
    expect(
      listed.items.map((item) => [item.productId, item.position, item.colour_variant]),
    ).toEqual([
      [MUG, 0, null],
      [SWEATER, 1, "pv-1001-05"],
    ]);
    expect(listed.items[1]?.href).toBe("/sv-se/produkt/ulltroja-fjall?variant=pv-1001-05");

    // A repeated post changes nothing more; removing takes the product in whatever colour.
    await post(browser, { intent: "add", entry: MUG, redirectTo: "/" });
    await post(browser, { intent: "remove", entry: SWEATER, redirectTo: "/favorites" });
    expect(wishlistCookie(browser)).toBe(MUG);
  });

  it("answers scripts with the list, and refuses a malformed entry", async () => {
    const browser = new Browser();
    const answer = (await post(browser, { intent: "add", entry: MUG, reply: "json" })) as {
      data: { entries: string[]; change: string };
    };
    expect(answer.data).toEqual({ entries: [MUG], change: "added" });
    const refused = (await post(browser, { intent: "add", entry: "pp 1" })) as {
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(400);
  });
});

describe("a logged-in user's wishlist", () => {
  it("takes in what was kept before logging in and follows the user to another device", async () => {
    const laptop = new Browser();
    await post(laptop, { intent: "add", entry: MUG, redirectTo: "/" });
    expect(
      ((await logInThroughForm(laptop, SEED_USERS.customer.email, SEED_PASSWORD)) as Response)
        .status,
    ).toBe(303);
    expect((await page(laptop)).items.map((item) => item.productId)).toContain(MUG);

    const phone = new Browser();
    await logInThroughForm(phone, SEED_USERS.customer.email, SEED_PASSWORD);
    expect((await page(phone)).items.map((item) => item.productId)).toContain(MUG);

    // Removed on the phone: the laptop's next visit to the list shows it gone, not merged back.
    await post(phone, { intent: "remove", entry: MUG, redirectTo: "/favorites" });
    expect((await page(laptop)).items.map((item) => item.productId)).not.toContain(MUG);
  });
});
