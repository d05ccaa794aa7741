import { useLocation } from "@remix-run/react";
import { createContext, useContext } from "react";

/**
 * The id of the request that rendered the page (ADR 0040): the reference an error page shows, and
 * what the browser's error reports name (`client-error-reporter.ts`). The server's render gives it
 * (`entry.server.tsx`); the page carries it in a `<meta>` for the browser. A page a shared cache
 * may keep is rendered without it: every visitor would get the one id of the request that filled
 * the cache.
 */
export const PageRequestId = createContext<string | undefined>(undefined);

export const REQUEST_ID_META = "kassa-request-id";

/** The id in the page's `<meta>` (in the browser), or undefined. */
export function requestIdOfDocument(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`);
  return meta?.content || undefined;
}

/** The id of the request that rendered this page: the server's render, or the page's `<meta>`. */
export function usePageRequestId(): string | undefined {
  return useContext(PageRequestId) ?? requestIdOfDocument();
}

/**
 * The key React Router gives the location the document was loaded at (`history.state.key`, or
 * `default` for a page opened afresh), read as this module loads, before the page hydrates.
 */
const documentLocationKey =
  typeof window === "undefined"
    ? undefined
    : ((window.history.state as { key?: string } | null)?.key ?? "default");

/**
 * The page's request id while the location is still the one the server rendered; undefined after
 * the browser moved on. An error met on a later navigation came from another request (its data
 * request), so the document's id would name the wrong one.
 */
export function useRenderedRequestId(): string | undefined {
  const id = usePageRequestId();
  const { key } = useLocation();
  return documentLocationKey === undefined || key === documentLocationKey ? id : undefined;
}

/** `<meta name="kassa-request-id">` for the browser, when the page has an id. */
export function RequestIdMeta() {
  const id = usePageRequestId();
  return id ? <meta name={REQUEST_ID_META} content={id} /> : null;
}
