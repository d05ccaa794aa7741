import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { collectPageCacheNotes, emptyPageCacheNotes } from "../app/modules/cache/page-tags.server";
import { cacheHeadersFor } from "../app/modules/cache/shared-page.server";

/**
 * The gate between the storefront's answers and a shared HTTP cache in front (ADR 0027): every
 * request is handled with a fresh set of cache tags that its catalogue reads note into, and just
 * before the headers go out, `cacheHeadersFor` decides whether the answer may be shared. Mounted
 * in front of the Remix handler only: the fingerprinted assets and public files keep their own
 * headers.
 */
export function sharedCacheGate(): RequestHandler {
  return (req, res, next) => {
    const notes = emptyPageCacheNotes();
    onHeaders(res, () => {
      const cacheControl = res.getHeader("Cache-Control");
      const headers = cacheHeadersFor({
        method: req.method,
        cookie: req.get("cookie"),
        status: res.statusCode,
        cacheControl: cacheControl === undefined ? undefined : String(cacheControl),
        setsCookie: res.hasHeader("Set-Cookie"),
        notes,
      });
      if (!headers) return;
      res.setHeader("Cache-Control", headers["Cache-Control"]);
      if (headers["Surrogate-Key"]) res.setHeader("Surrogate-Key", headers["Surrogate-Key"]);
      else res.removeHeader("Surrogate-Key");
    });
    collectPageCacheNotes(notes, next);
  };
}
