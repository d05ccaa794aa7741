import { useMemo } from "react";
import { useRootData } from "~/root-data";
import {
  categoryPathIn,
  DEFAULT_LOCALE,
  type Locale,
  localePath,
  parseLocaleSegment,
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
}

/**
 * Paths to public pages in the page's locale (the path's on a public page, the cookies' on a
 * person's own pages; ADR 0037), for links in components.
 */
export function useLocalePaths(): LocalePaths {
  const segment = useRootData()?.locale;
  return useMemo(() => {
    const locale = parseLocaleSegment(segment) ?? DEFAULT_LOCALE;
    return {
      locale,
      home: localePath(locale),
      to: (path: string) => localePath(locale, path),
      category: (categoryUri: string) => categoryPathIn(locale, categoryUri),
      productBase: productBasePath(locale),
    };
  }, [segment]);
}
