/**
 * A redirect target from a form or query, accepted only when it is a path on this site: it must
 * start with one `/` (not `//`, which browsers read as another host) and contain no backslash.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  return value;
}
