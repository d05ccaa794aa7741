import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import {
  securityHeaders as headersForEveryAnswer,
  plainPolicy,
} from "../app/modules/http/content-security-policy.server";

/**
 * The security headers on every answer the storefront sends (ADR 0032): pages, their error pages,
 * the 403 and 413 pages this server writes itself, files and data. Set just before the headers go
 * out, so nothing answered later can miss them. A page Remix rendered brings its own
 * Content-Security-Policy (`entry.server.tsx`: the hashes of its scripts); everything else gets a
 * policy that runs no script at all.
 */
export function securityHeaders(): RequestHandler {
  const always = Object.entries(headersForEveryAnswer());
  const fallbackPolicy = plainPolicy();
  return (_req, res, next) => {
    onHeaders(res, () => {
      for (const [name, value] of always) {
        if (!res.hasHeader(name)) res.setHeader(name, value);
      }
      if (!res.hasHeader("Content-Security-Policy")) {
        res.setHeader("Content-Security-Policy", fallbackPolicy);
      }
    });
    next();
  };
}
