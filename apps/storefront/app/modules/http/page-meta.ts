import type { MetaDescriptor } from "@remix-run/node";

/** How long a description search engines show in full (Lighthouse asks for one on every page). */
export const DESCRIPTION_MAX_LENGTH = 160;

/** The root's data as `meta` sees it in `matches` (only the field read here). */
interface RootMatch {
  id: string;
  data?: unknown;
}

/** A text cut to {@link DESCRIPTION_MAX_LENGTH} at a word, with an ellipsis when cut. */
export function shortDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= DESCRIPTION_MAX_LENGTH) return clean;
  const cut = clean.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_MAX_LENGTH / 2));
  return `${atWord.replace(/[\s,.;:–-]+$/, "")}…`;
}

/**
 * The page's `<meta name="description">`: its own text when it has one (a product's description,
 * a category's), else the shop's, which the root loader gives in the page's language. A route
 * whose `meta` returns only a title would lose the root's description (Remix takes the deepest
 * route's `meta` alone), so every route's `meta` adds this.
 */
export function descriptionMeta(
  matches: readonly RootMatch[],
  own?: string | null,
): MetaDescriptor {
  return { name: "description", content: descriptionText(matches, own) };
}

function descriptionText(matches: readonly RootMatch[], own?: string | null): string {
  const root = matches.find((match) => match.id === "root")?.data as
    | { description?: string }
    | undefined;
  return shortDescription(own?.trim() ? own : (root?.description ?? ""));
}

/** What a link preview shows of a public page (`shareOf` in `share.server.ts` makes it). */
export interface SharedPage {
  /** The page's canonical URL. */
  url: string;
  type: "website" | "product";
  siteName: string;
  /** Open Graph's locale: `sv_SE`, `fi_FI`, `en_SE` … */
  locale: string;
  /** Absolute; width and height when known (the shop's own picture). */
  image: { url: string; alt: string; width?: number; height?: number };
  /** A product's price in major units (`"1299.00"`, C§9) and its currency. */
  price?: { amount: string; currency: string };
}

/**
 * Every public page's head: its title, its description ({@link descriptionMeta}) and, once its
 * loader has answered, the Open Graph and Twitter card tags a shared link is previewed with. One
 * helper for every public route's `meta`, because Remix renders only the deepest route's.
 * `og:title` and `og:description` are the page's own title and description; Twitter reads the
 * `og:` tags for what it has no `twitter:` tag of its own.
 */
export function publicPageMeta(
  matches: readonly RootMatch[],
  page: { title: string; description?: string | null; share?: SharedPage | null },
): MetaDescriptor[] {
  const description = descriptionText(matches, page.description);
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
  ];
  const { share } = page;
  if (!share) return tags;
  const og = (property: string, content: string | number | undefined): MetaDescriptor[] =>
    content === undefined ? [] : [{ property, content: String(content) }];
  return [
    ...tags,
    ...og("og:type", share.type),
    ...og("og:site_name", share.siteName),
    ...og("og:locale", share.locale),
    ...og("og:url", share.url),
    ...og("og:title", page.title),
    ...og("og:description", description),
    ...og("og:image", share.image.url),
    ...og("og:image:alt", share.image.alt),
    ...og("og:image:width", share.image.width),
    ...og("og:image:height", share.image.height),
    ...(share.price
      ? [
          ...og("product:price:amount", share.price.amount),
          ...og("product:price:currency", share.price.currency),
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: share.image.alt },
  ];
}

/** Pages that are a person's own (cart, checkout, account, login …): never in an index. */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/** Search results: not in an index, but the products they link to are followed. */
export const NOINDEX_FOLLOW: MetaDescriptor = { name: "robots", content: "noindex, follow" };
