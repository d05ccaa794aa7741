import { isSafeRedirectPath } from "@kassa/domain";

/**
 * A redirect target from a form or query, accepted only when it is a path on this site, by the one
 * rule the form schemas use too (`isSafeRedirectPath` of `@kassa/domain`: no `//`, no backslash, no
 * control characters, no encoded forms of those, no absolute URL). Anything else gives `fallback`.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  return typeof value === "string" && isSafeRedirectPath(value) ? value : fallback;
}
