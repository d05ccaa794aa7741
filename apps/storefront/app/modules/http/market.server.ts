import type { Market } from "@kassa/domain";
import { marketOfLocale } from "./locale-url";
import { localeOf } from "./request-locale.server";

/**
 * The shopper's market: the path's on a public page (`/fi-fi/…`, ADR 0037), else the one its
 * signed cookie remembers (default SE, C§9).
 */
export async function marketOf(request: Request): Promise<Market> {
  return marketOfLocale(await localeOf(request));
}
