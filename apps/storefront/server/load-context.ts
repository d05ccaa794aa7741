import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest } from "express";
import { requestContextOf } from "./request-id";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The shopper's IP address: the address the nearest trusted proxy saw, or the socket peer when
     * no trusted proxy is in front (Express's `req.ip` under `KASSA_TRUSTED_PROXIES`). Never read
     * from `X-Forwarded-For` directly, which the client writes. Undefined where the app runs
     * without the storefront's server (route tests): the platform then applies no per-address limit.
     */
    clientAddress?: string;
    /**
     * The request's id (`server/request-id.ts`), as `currentRequestContext()` has it: on every log
     * line, every platform call and every error page. Undefined in route tests without the server.
     */
    requestId?: string;
  }
}

/** `::ffff:203.0.113.7` and `203.0.113.7` are one client. */
export function normaliseAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return address.startsWith("::ffff:") && address.includes(".")
    ? address.slice("::ffff:".length)
    : address;
}

/** What every loader and action gets as `context`. */
export function getLoadContext(req: ExpressRequest): AppLoadContext {
  return { clientAddress: normaliseAddress(req.ip), requestId: requestContextOf(req)?.requestId };
}
