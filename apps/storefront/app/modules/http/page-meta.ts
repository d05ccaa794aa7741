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
  const root = matches.find((match) => match.id === "root")?.data as
    | { description?: string }
    | undefined;
  const text = own?.trim() ? own : (root?.description ?? "");
  return { name: "description", content: shortDescription(text) };
}
