import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, logIn, logInByPost } from "./support";

/**
 * Forms posted from another site are refused before they reach the shop (ADR 0006), redirect
 * targets never lead off the site, and the shop's own forms keep working, with JavaScript on and
 * off (the `js-enabled` and `js-disabled` projects).
 */
const LOGIN_COOKIES = ["userToken", "refreshToken", "userId", "storeGroupId"];

test("a login form on another site is refused with a 403 page and logs nobody in", async ({
  page,
  context,
  baseURL,
}) => {
  // A page on another origin that posts a real account's login to the shop (login CSRF).
  await page.route("http://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html><body>
        <form method="post" action="${baseURL}/login">
          <input name="email" value="kund@kassa.test">
          <input name="password" value="${DEMO_PASSWORD}">
          <button type="submit">Win a prize</button>
        </form></body></html>`,
    }),
  );
  await page.goto("http://evil.example/");
  const answer = page.waitForResponse((response) => response.url() === `${baseURL}/login`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  const response = await answer;

  expect(response.status()).toBe(403);
  expect(await response.headerValue("set-cookie")).toBeNull();
  await expect(page.getByRole("heading", { name: "Formuläret kunde inte skickas" })).toBeVisible();
  const names = (await context.cookies(baseURL)).map((cookie) => cookie.name);
  for (const name of LOGIN_COOKIES) expect(names).not.toContain(name);

  // The shop's own login form still works.
  await logIn(page, "kund@kassa.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/my-account\/overview\/$/);
});

test("a cross-site post to /login answers 403 and sets no cookie", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { email: "kund@kassa.test", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  expect(await response.text()).toContain("Formuläret kunde inte skickas");
});

test("a logged-in shopper is never redirected off the site by redirectTo", async ({
  page,
  baseURL,
}) => {
  // The login is not the subject here (the first test's is): the redirect of a logged-in visit is.
  await logInByPost(page, "kund@kassa.test");
  for (const target of [
    "/%09/evil.example/",
    "//evil.example/",
    "/%5Cevil.example/",
    "/%252F%252Fevil.example/",
  ]) {
    await page.goto(`/login?redirectTo=${target}`);
    expect(new URL(page.url()).origin, target).toBe(new URL(baseURL ?? "").origin);
    await expect(page).toHaveURL(/\/my-account\/overview\/$/);
  }
});

/**
 * Issue 38: a phishing link on the shop's own domain. `//evil.example/?locale=sv-se` matched the
 * catch-all route, whose locale link answered `Location: //evil.example/`, another host to the
 * browser. Now every Location passes one check, and this one leads to the locale's home page.
 */
test("a link to //evil.example/?locale=sv-se on the shop ends on the shop", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL ?? "").origin;
  // Before the fix the browser followed the redirect to evil.example (and failed to resolve it).
  for (const path of [
    "//evil.example/",
    "/\\evil.example/",
    "/%2F%2Fevil.example/",
    "/%5Cevil.example/",
  ]) {
    await page.goto(`${shop}${path}?locale=sv-se`);
    expect(new URL(page.url()).origin, path).toBe(shop);
    await expect(page, path).toHaveURL(`${shop}/sv-se`);
    await expect(page.getByRole("link", { name: "Kassa" }).first()).toBeVisible();
  }
});
