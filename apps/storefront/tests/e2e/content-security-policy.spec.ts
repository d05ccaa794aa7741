import { expect, type Page, test } from "./fixtures";

/**
 * The shop's Content-Security-Policy at work in a real browser (ADR 0032), with JavaScript on and
 * off: markup that reached a page some other way than the shop's own render (a stored injection,
 * replayed here by rewriting the page on its way to the browser, the shop's headers kept) can
 * neither run a script nor send anything to another host, and no other site can frame the shop.
 * That the policy lets every real page work is what every other spec proves: the shared fixture
 * fails a test on any violation.
 */

/** Serves `path` as the shop answered it, with `markup` added at the end of its body. */
async function injectInto(page: Page, path: string, markup: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</body>", `${markup}</body>`);
      await route.fulfill({ response, body: html });
    },
  );
}

test("a script injected into a page does not run", async ({
  page,
  contentSecurityPolicy,
}, testInfo) => {
  test.skip(testInfo.project.name === "js-disabled", "no script runs without JavaScript anyway");
  await injectInto(
    page,
    "/sv-se/kopvillkor",
    `<script>document.documentElement.dataset.injected = "ran"</script>`,
  );
  await page.goto("/sv-se/kopvillkor");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The shop's own scripts ran: the page hydrated (Remix's router is there).
  await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.dataset.injected)).toBeUndefined();
  expect(contentSecurityPolicy.take().join("\n")).toMatch(/script-src/);
});

test("injected markup cannot load anything from another host", async ({
  page,
  contentSecurityPolicy,
}) => {
  const reached: string[] = [];
  await page.route("http://evil.example/**", (route) => {
    reached.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  await injectInto(
    page,
    "/sv-se/kopvillkor",
    `<img src="http://evil.example/pixel.png" alt="">` +
      `<style>main { background: url("http://evil.example/style.png") }</style>`,
  );
  await page.goto("/sv-se/kopvillkor");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => contentSecurityPolicy.take().join("\n")).toMatch(/img-src/);
  expect(reached).toEqual([]);
});

test("another site cannot frame the shop", async ({ page, baseURL }) => {
  // Another origin on this machine: Chromium keeps public sites from framing local ones anyway.
  const elsewhere = "http://127.0.0.1:9/prize";
  const shop = `${baseURL}/`;
  await page.route(elsewhere, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><title>Win a prize</title><iframe src="${shop}" title="shop"></iframe>`,
    }),
  );
  const framed = async () => {
    // The main document's load waits for its frame, refused or not.
    await page.goto(elsewhere, { waitUntil: "load" });
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    return { url: frame?.url(), headers: await frame?.locator("header").count() };
  };

  // The same page without its framing rules would be shown inside the other site.
  await page.route(shop, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers["content-security-policy"];
    delete headers["x-frame-options"];
    await route.fulfill({ response, headers });
  });
  expect(await framed()).toEqual({ url: shop, headers: 1 });
  await page.unroute(shop);

  const refused = await framed();
  expect(refused.url).not.toBe(shop);
  expect(refused.headers).toBe(0);
});
