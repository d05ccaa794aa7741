import type { RequestHandler } from "express";

/** What a proxy writes to say which host, scheme, port and client a request came with. */
export const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
] as const;

/**
 * Drops the forwarding headers of a request whose peer is not a trusted proxy
 * (`KASSA_TRUSTED_PROXIES`), before anything reads them: the client wrote them. Express's own
 * `req.ip`, `req.hostname` and `req.protocol` already follow the trust setting, but not everything
 * reads those (Remix's request URL takes its port from `X-Forwarded-Host`, and its action check
 * compares `Origin` with it), so the rule is kept at the door, once for all.
 */
export function dropUntrustedForwarding(): RequestHandler {
  return (req, _res, next) => {
    const trust = req.app.get("trust proxy fn") as (
      address: string | undefined,
      hop: number,
    ) => boolean;
    if (!trust(req.socket.remoteAddress, 0)) {
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
    }
    next();
  };
}
