// The adapter's own request and response functions: its package entry exports only the whole
// handler. The adapter is pinned (2.17.5), like the rest of Remix.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { bufferedBodyOf } from "./body-limit";
import { getLoadContext } from "./load-context";

/**
 * Remix's Express adapter (`@remix-run/express`'s `createRequestHandler`), with one change: a post
 * whose body the server already read (`body-limit.ts`) reaches Remix with that body, instead of
 * the request's stream, which is spent. The URL, headers and the abort when the visitor leaves are
 * the adapter's own.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
}): RequestHandler {
  const handleRequest = createRemixHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const streamed = createRemixRequest(req, res);
      const body = bufferedBodyOf(req);
      const request =
        body === undefined
          ? streamed
          : new Request(streamed.url, {
              method: streamed.method,
              headers: streamed.headers,
              signal: streamed.signal,
              // A Buffer is a Uint8Array; the DOM types want one over a plain ArrayBuffer, which
              // Buffer.concat's always is.
              body: body as Uint8Array<ArrayBuffer>,
            });
      const response = await handleRequest(request, getLoadContext(req));
      await sendRemixResponse(res, response);
    } catch (error) {
      // Express 4 does not await handlers: the error goes on by hand, as in the adapter.
      next(error);
    }
  };
}
