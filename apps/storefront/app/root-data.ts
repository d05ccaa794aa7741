import type { MarketOption } from "@kassa/ui";
import { useRouteLoaderData } from "@remix-run/react";
import type { RootAnalytics } from "~/modules/analytics/root-analytics";
import type { Alternate } from "~/modules/http/locale-routing.server";
import type { Toast } from "~/modules/http/toast.server";

/**
 * What `root.tsx`'s loader gives every page: the shopper's language and market, the markets to
 * choose from, the cart badge, the wishlist, whether someone is logged in, the top categories and the pending
 * toast. Declared here rather than read off the loader, so the header and footer can use it
 * without importing `root.tsx`, which renders them.
 */
export interface RootData {
  language: string;
  /** The page's locale segment (`sv-se`): the path's on a public page, else the cookies' (ADR 0037). */
  locale: string;
  /**
   * On a public page: its absolute canonical URL and its address in every locale (`hreflang`,
   * the language links). Null on the pages that are a person's own.
   */
  page: { canonical: string; alternates: Alternate[]; xDefault: string } | null;
  /** The shop's `<meta name="description">` in the page's language, for pages without their own. */
  description: string;
  market: MarketOption;
  markets: MarketOption[];
  cartCount: number;
  loggedIn: boolean;
  categories: { id: string; uri: string; name: string }[];
  /** The wishlist as the server knows it (its cookie, or the platform's list on account pages). */
  wishlist: string[];
  toast: Toast | null;
  /** The cookie choice, the configured tag and the events a form post left (issue 30). */
  analytics: RootAnalytics;
}

/** The root loader's data, from any component; undefined while the root itself failed. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
