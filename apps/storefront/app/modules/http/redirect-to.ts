import { isSafeRedirectPath } from "@kassa/domain";
import { redirect, replace } from "@remix-run/node";

/**
 * Every `Location` the storefront sends is made here, and checked here as it is sent, by the one
 * rule the form schemas use too (`isSafeRedirectPath` of `@kassa/domain`: a path on this site, no
 * `//`, no backslash, no control characters, no encoded forms of those, no absolute URL).
 * `redirects.test.ts` holds the code to it: no other module imports Remix's `redirect`.
 *
 * What an unsafe target becomes is decided once (ADR 0050): the redirect still happens, to a
 * fixed page of the shop that the caller names, never to the target. For a target a form or a
 * query names (`redirectTo`), that is the page the form belongs to; for a target built from the
 * request's own address (its path with `?locale=` or `?lng=` taken off, an old address, another
 * market's prefix), the home page of the request's locale.
 */

/** A redirect target from a form or query, kept only when it is a path on this site. */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  return typeof value === "string" && isSafeRedirectPath(value) ? value : fallback;
}

/** The checked target: `target` when it stays on the shop, else `fallback` (which must). */
function onSite(target: string, fallback: string): string {
  if (isSafeRedirectPath(target)) return target;
  if (!isSafeRedirectPath(fallback)) {
    throw new Error(`redirect fallback ${JSON.stringify(fallback)} is not a path of the shop`);
  }
  return fallback;
}

/**
 * Remix's `redirect`, to `target` when it is a path on this site and to `fallback` otherwise.
 * Check the final target, after any rewriting: `new URL("/a/..//evil.example", base).pathname`
 * is `//evil.example`, another host to a browser.
 */
export function redirectOnSite(
  target: string,
  init: number | ResponseInit = 302,
  fallback = "/",
): Response {
  return redirect(onSite(target, fallback), init);
}

/** Remix's `replace` (a redirect that replaces the history entry), checked the same way. */
export function replaceOnSite(
  target: string,
  init: number | ResponseInit = 302,
  fallback = "/",
): Response {
  return replace(onSite(target, fallback), init);
}
