import { useMemo } from "react";
import { useRootData } from "~/root-data";
import {
  categoryPathIn,
  DEFAULT_LOCALE,
  type Locale,
  localePath,
  localeSegment,
  parseLocaleSegment,
  personalPathFrom,
  productBasePath,
} from "./locale-url";

export interface LocalePaths {
  locale: Locale;
  /** The locale's home page: `/sv-se`. */
  home: string;
  /** A public page of the locale: `to("/search")` is `/sv-se/search`. */
  to(path: string): string;
  /** A category page: `/fi-fi/kategoria/klader`. */
  category(categoryUri: string): string;
  /** The start of product paths: `/fi-fi/tuote`. */
  productBase: string;
  /**
   * A person's own page (`/cart`, `/login`): on a public page the link carries the page's locale,
   * which that page then remembers (`/cart?locale=fi-fi`); elsewhere the path as it is.
   */
  personal(path: string): string;
  /** The locale segment those links carry (`fi-fi`), for a form's hidden field; none off a public page. */
  linkedLocale: string | undefined;
}

/**
 * Paths to public pages in the page's locale (the path's on a public page, the cookies' on a
 * person's own pages; ADR 0037), for links in components.
 */
export function useLocalePaths(): LocalePaths {
  const root = useRootData();
  const segment = root?.locale;
  const onPublicPage = Boolean(root?.page);
  return useMemo(() => {
    const locale = parseLocaleSegment(segment) ?? DEFAULT_LOCALE;
    return {
      locale,
      home: localePath(locale),
      to: (path: string) => localePath(locale, path),
      category: (categoryUri: string) => categoryPathIn(locale, categoryUri),
      productBase: productBasePath(locale),
      personal: (path: string) => personalPathFrom(onPublicPage ? locale : undefined, path),
      linkedLocale: onPublicPage ? localeSegment(locale) : undefined,
    };
  }, [segment, onPublicPage]);
}
