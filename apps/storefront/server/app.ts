import { type Dirent, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression, { type CompressionOptions } from "compression";
import express, { type Request, type RequestHandler } from "express";
import type { ViteDevServer } from "vite";
import { languageOf, translatorIn } from "../app/modules/http/i18n.server";
import { type Logger, logger } from "../app/modules/http/logger.server";
import { accessLog } from "./access-log";
import { type BodyLimits, DEFAULT_BODY_LIMITS, readBodyFirst } from "./body-limit";
import { CROSS_SITE_EXEMPT_PATHS, checkOrigin } from "./csrf";
import { forbiddenPage } from "./forbidden-page";
import { dropUntrustedForwarding } from "./forwarded-headers";
import { saturationCheck } from "./health";
import { mountOperations, type OperationsOptions } from "./operations";
import { remixHandler } from "./remix-handler";
import { requestContext, requestContextOf } from "./request-id";
import { requestLimit } from "./request-limit";
import { securityHeaders } from "./security-headers";
import { sharedCacheGate } from "./shared-cache";
import { traceRequests } from "./telemetry";

/**
 * The storefront's HTTP server: Remix's Express adapter, as in Remix's own "express" template,
 * plus what `remix-serve` could not give the app: the shopper's address through a list of trusted
 * proxies (`KASSA_TRUSTED_PROXIES` → `context.clientAddress`), and one cross-site check before any
 * state-changing request reaches a route (`csrf.ts`, ADR 0006).
 */
export interface StorefrontServerOptions {
  /** The Remix server build, or a function that loads the current one (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Express's `trust proxy`: addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`. */
  trustedProxies: readonly string[];
  /** Origins besides the storefront's own whose pages may post here. */
  allowedOrigins: readonly string[];
  /** Paths exempt from the cross-site check (default: `CROSS_SITE_EXEMPT_PATHS`). */
  exemptPaths?: readonly string[];
  /** Vite in middleware mode (development); without it the client build is served. */
  vite?: ViteDevServer;
  /** The client build (`build/client`), served when there is no Vite. */
  clientDirectory?: string;
  /** One log line per request (`access-log.ts`: route, status, duration, request id). */
  logRequests?: boolean;
  /** Where the access log and the server's warnings go (default the process's, `logger()`). */
  logger?: Logger;
  /** Requests rendered at once; the others wait in line (`KASSA_REQUESTS_AT_ONCE`; 0: no limit). */
  requestsAtOnce?: number;
  /** How large and how slow a post's body may be (`body-limit.ts`; default `DEFAULT_BODY_LIMITS`). */
  bodyLimits?: BodyLimits;
  /** `/healthz` answers 503 once the line's first request has waited this long (default 10 s). */
  saturatedAfterMs?: number;
  /** `/metrics`, `/readyz` and the request timings (`operations.ts`, ADR 0042). */
  operations?: OperationsOptions;
}

/**
 * The storefront's origin as the browser sees it: the protocol and host, taken from
 * `X-Forwarded-Proto` / `X-Forwarded-Host` only when the peer is a trusted proxy (as Express does
 * for `req.protocol` and `req.hostname`, but keeping the port).
 */
export function ownOrigin(req: Request): string | undefined {
  const trust = req.app.get("trust proxy fn") as (
    address: string | undefined,
    hop: number,
  ) => boolean;
  let host = req.get("x-forwarded-host");
  if (host && trust(req.socket.remoteAddress, 0)) host = host.split(",")[0]?.trim();
  else host = req.get("host");
  if (!host) return undefined;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** Refuses a state-changing request from another site with a small 403 page, before Remix sees it. */
function crossSiteGuard(
  options: Pick<StorefrontServerOptions, "allowedOrigins" | "exemptPaths">,
  log: () => Logger,
): RequestHandler {
  return async (req, res, next) => {
    const verdict = checkOrigin({
      method: req.method,
      path: req.path,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      ownOrigin: ownOrigin(req),
      allowedOrigins: options.allowedOrigins,
      exemptPaths: options.exemptPaths ?? CROSS_SITE_EXEMPT_PATHS,
    });
    if (verdict.allowed) {
      // Remix 2 has its own last-line check: an `Origin` whose host is not the request's host is
      // a 500. It knows nothing of the origins and paths allowed here, so they reach it without
      // their foreign `Origin`; every other request keeps it, and with it Remix's check.
      if (verdict.reason === "allowed-origin" || verdict.reason === "exempt-path")
        delete req.headers.origin;
      return next();
    }
    log().warn(
      { requestId: requestContextOf(req)?.requestId, reason: verdict.reason },
      `refused a cross-site ${req.method} ${req.path}: ${verdict.reason}`,
    );
    try {
      const language = await languageOf(
        new globalThis.Request(new URL(req.originalUrl, "http://storefront.invalid"), {
          headers: { cookie: req.get("cookie") ?? "" },
        }),
      );
      const t = await translatorIn(language);
      res
        .status(403)
        .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" })
        .send(forbiddenPage(t, language, requestContextOf(req)?.requestId));
    } catch (error) {
      next(error);
    }
  };
}

/** The client build's files outside `/assets`, as URL paths (`/favicon.svg`). */
export function listPublicFiles(client: string): Set<string> {
  const files = new Set<string>();
  let entries: Dirent[];
  try {
    entries = readdirSync(client, { recursive: true, withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = relative(client, join(entry.parentPath, entry.name)).split(sep).join("/");
    if (!path.startsWith("assets/")) files.add(`/${path}`);
  }
  return files;
}

/**
 * Brotli (what every current browser asks for) at compression's own quality 4, with a 256 KB
 * window instead of zlib's 4 MB: a page is far smaller than either, so the bytes are the same,
 * but setting up the larger window for every response cost about 1 ms of a page's 6
 * (docs/performance.md, "The layout").
 */
const COMPRESSION: CompressionOptions = {
  brotli: {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
    },
  },
};

export function createApp(options: StorefrontServerOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  try {
    app.set("trust proxy", [...options.trustedProxies]);
  } catch (error) {
    throw new Error(`KASSA_TRUSTED_PROXIES: ${(error as Error).message}`);
  }
  // The process's logger is looked up at each use (a test may replace it); made now, so that a bad
  // LOG_FORMAT or LOG_LEVEL stops the start rather than the first request.
  const log = options.logger ? () => options.logger as Logger : logger;
  log();
  // First, so the request's span holds all the server does for it (ADR 0043).
  app.use(traceRequests);
  // Then every answer, whoever gives it, carries the request's id, and every line logged for it.
  app.use(requestContext());
  app.use(dropUntrustedForwarding());
  app.use(securityHeaders());
  app.use(compression(COMPRESSION));
  app.use(crossSiteGuard(options, log));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    const client = options.clientDirectory ?? "build/client";
    // Vite fingerprints everything under /assets: it never changes under the same name.
    app.use("/assets", express.static(join(client, "assets"), { immutable: true, maxAge: "1y" }));
    // The few other public files (favicon, images) are listed once: asking the file system on
    // every page request (what a bare `express.static` does) cost a failed `stat` and an error
    // object per page, about 5 % of a page's time.
    const publicFiles = listPublicFiles(client);
    const servePublic = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
  }
  // Files are not logged (as before): a page's scripts and pictures would bury its own line.
  if (options.logRequests) app.use(accessLog(log));

  const line = requestLimit(options.requestsAtOnce ?? 0, (path) => /^\/healthz(\/|$)/.test(path));
  const saturatedAfterMs = options.saturatedAfterMs ?? 10_000;
  // `/metrics`, `/readyz` and the request timings: answered here, never in the line (ADR 0042).
  const build = mountOperations(app, { ...options, line, saturatedAfterMs });
  app.all("*", saturationCheck(line.load, saturatedAfterMs));
  // A post's body is read before it joins the line (ADR 0033).
  app.all("*", readBodyFirst(options.bodyLimits ?? DEFAULT_BODY_LIMITS));
  app.all("*", line);
  app.all("*", sharedCacheGate());
  app.all("*", remixHandler({ build, mode: options.mode }));
  return app;
}
