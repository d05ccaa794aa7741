import { describe, expect, it } from "vitest";
import { forgetConfig } from "~/modules/http/config.server";

/**
 * `/robots.txt` and the pages' own `<meta name="robots">`: crawlers are kept out of a person's own
 * pages, search results and form endpoints, pointed at the sitemap on the public origin, and a
 * personal page that is reached anyway is not indexed.
 */

async function robots() {
  process.env.KASSA_PUBLIC_ORIGIN = "https://shop.example";
  forgetConfig();
  const route = await import("./robots[.]txt");
  return route.loader();
}

/** The robots.txt rules as [field, value] pairs. */
function rules(text: string): [string, string][] {
  return text
    .split("\n")
    .filter((line) => line.includes(":"))
    .map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    });
}

/** Whether `path` is disallowed by `disallows` (prefix match, `*` any text, RFC 9309). */
function disallowed(path: string, disallows: string[]): boolean {
  return disallows.some((pattern) => {
    const expression = pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    return new RegExp(`^${expression}`).test(path);
  });
}

describe("/robots.txt", () => {
  it("names the sitemap on the public origin and is cacheable plain text", async () => {
    const answer = await robots();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(answer.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    const text = await answer.text();
    expect(rules(text)).toContainEqual(["sitemap", "https://shop.example/sitemap.xml"]);
    expect(rules(text)[0]).toEqual(["user-agent", "*"]);
  });

  it("keeps crawlers out of personal pages, search parameters and form endpoints only", async () => {
    const disallows = rules(await (await robots()).text())
      .filter(([field]) => field === "disallow")
      .map(([, value]) => value);
    for (const path of [
      "/cart",
      "/checkout",
      "/checkout/confirmation?reference=1",
      "/my-account/overview/",
      "/my-account/orders/o-1",
      "/login",
      "/signup",
      "/reset-password?token=x",
      "/favorites",
      "/compare?ids=a,b",
      "/customer-card?list=companies",
      "/search?q=ull",
      "/search?page=2&q=ull",
      "/sv-se/search?q=ull",
      "/sv-se/search/suggestions?q=u",
      "/fi-fi/search/suggestions?q=u",
      "/newsletter/confirm?token=x",
      "/newsletter/unsubscribe?token=x",
      "/market",
      "/logout",
      "/consent?redirectTo=%2F",
    ]) {
      expect(disallowed(path, disallows), path).toBe(true);
    }
    for (const path of [
      "/",
      "/sv-se",
      "/sv-se/produkt/emaljmugg-koli",
      "/sv-se/produkt/ulltroja-fjall?variant=pv-1001-01",
      "/fi-fi/tuote/emaljmugg-koli",
      "/sv-se/kategori/klader?page=2",
      "/fi-fi/kategoria/klader",
      "/sv-se/kopvillkor",
      "/en-fi/customer-service",
      "/sv-se/presentkort",
      "/sv-se/newsletter",
      "/sv-se/search",
      "/images/share.png",
      "/sitemap.xml",
    ]) {
      expect(disallowed(path, disallows), path).toBe(false);
    }
  });
});

describe("a page's <meta name=robots>", () => {
  type Meta = (args: { data: undefined; matches: never[]; error?: unknown }) => unknown[];
  async function robotsOf(path: string): Promise<string | undefined> {
    const route = (await import(/* @vite-ignore */ path)) as { meta?: Meta };
    const tags = route.meta?.({ data: undefined, matches: [] }) ?? [];
    const tag = tags.find(
      (candidate): candidate is { name: string; content: string } =>
        (candidate as { name?: string }).name === "robots",
    );
    return tag?.content;
  }

  it.each([
    "./cart",
    "./checkout/route",
    "./checkout_.confirmation/route",
    "./my-account.overview",
    "./my-account.credentials/route",
    "./my-account.company/route",
    "./my-account.orders._index",
    "./my-account.orders.$id/route",
    "./login/route",
    "./signup",
    "./reset-password/route",
    "./favorites",
    "./compare",
    "./newsletter_.confirm/route",
    "./newsletter_.unsubscribe/route",
    "./$",
  ])("keeps %s out of the index", async (path) => {
    expect(await robotsOf(path)).toBe("noindex");
  });

  it("keeps search results out of the index but follows their links", async () => {
    expect(await robotsOf("./$locale.search")).toBe("noindex, follow");
  });

  it.each([
    "./($locale)._index",
    "./$locale.kategori.$",
    "./$locale.$prefix.$slug/route",
    "./$locale.$page",
    "./$locale.presentkort/route",
    "./$locale.newsletter/route",
  ])("lets %s be indexed", async (path) => {
    expect(await robotsOf(path)).toBeUndefined();
  });
});
