import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { translatorIn } from "~/modules/http/i18n.server";
import { SHOP_PAGES, type ShopPage } from "./shop-pages";

/** A page's slug in a language, e.g. `slugIn("terms", "fi")` is `ostoehdot`. */
export async function slugIn(page: ShopPage, language: string): Promise<string> {
  const t = await translatorIn(language);
  return t(`${page}.slug`);
}

/**
 * The page a one-segment path names, in whichever language its slug is: `/ostoehdot` is the terms
 * whether the shopper reads Finnish or not (the route then sends them to the slug of their own
 * language). Undefined for any other path.
 */
export async function shopPageAt(slug: string): Promise<ShopPage | undefined> {
  return (await pagesBySlug()).get(slug);
}

/** Every slug of every language, looked up once: the translations do not change while we run. */
let slugTable: Promise<Map<string, ShopPage>> | undefined;

function pagesBySlug(): Promise<Map<string, ShopPage>> {
  slugTable ??= (async () => {
    const table = new Map<string, ShopPage>();
    for (const language of SUPPORTED_LANGUAGES) {
      for (const page of SHOP_PAGES) {
        const slug = await slugIn(page, language);
        if (!table.has(slug)) table.set(slug, page);
      }
    }
    return table;
  })();
  return slugTable;
}

/** The page's address in every language, for the language links and `hreflang` alternates. */
export async function slugsOf(page: ShopPage): Promise<Record<string, string>> {
  const entries = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => [language, await slugIn(page, language)] as const),
  );
  return Object.fromEntries(entries);
}

/** Every page's slug in every language, looked up once. */
let slugsByPage: Promise<Map<ShopPage, Record<string, string>>> | undefined;

/**
 * A function that turns a shop page's slug in any language into the same page's slug in another
 * (`kopvillkor`, `fi` → `ostoehdot`), undefined for a segment that is no page's slug: what the
 * language links and `hreflang` need for every page at once, without waiting per link.
 */
export async function slugTranslator(): Promise<
  (slug: string, language: string) => string | undefined
> {
  slugsByPage ??= (async () => {
    const table = new Map<ShopPage, Record<string, string>>();
    for (const page of SHOP_PAGES) table.set(page, await slugsOf(page));
    return table;
  })();
  const [pages, bySlug] = await Promise.all([slugsByPage, pagesBySlug()]);
  return (slug, language) => {
    const page = bySlug.get(slug);
    return page ? pages.get(page)?.[language] : undefined;
  };
}
