import { config } from "./config.server";

/**
 * The shop's absolute URLs, built on the configured public origin (`KASSA_PUBLIC_ORIGIN`). Never on
 * the request's URL: its host comes from `Host` or a forwarded header, which the client writes, and
 * a page that names it is kept by the shared cache and replayed to every shopper (issue 28: a
 * client's `X-Forwarded-Host: evil.example` in every visitor's hreflang links).
 */
export function publicUrl(path: string): string {
  return new URL(path, config().publicOrigin).href;
}
