import type { BrowserContext, Page } from "./fixtures";

/**
 * The Google tag's host. No browser test reaches it: {@link watchTag} answers its requests with a
 * stand-in script that notes it loaded (`__kassaTagLoaded`) and the address it loaded on
 * (`__kassaTagSawLocation`), what a real tag would read from the page by itself.
 */
export const TAG_HOST = "https://www.googletagmanager.com";

/** Every request the page makes to the tag's host, answered with the stand-in script. */
export async function watchTag(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(`${TAG_HOST}/**`, (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: "application/javascript",
      body: "window.__kassaTagLoaded = true; window.__kassaTagSawLocation = String(location.href);",
    });
  });
  return requests;
}

/** The data layer as plain data: `gtag`'s arguments objects as arrays. */
export async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() =>
    JSON.parse(
      JSON.stringify(
        (window.dataLayer ?? []).map((entry) =>
          Object.prototype.toString.call(entry) === "[object Arguments]"
            ? Array.from(entry as ArrayLike<unknown>)
            : entry,
        ),
      ),
    ),
  );
}
