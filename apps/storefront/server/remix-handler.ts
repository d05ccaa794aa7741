// The adapter's own request and response functions: its package entry exports only the whole
// handler. The adapter is pinned (2.17.5), like the rest of Remix.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import { runInRequestContext } from "../app/modules/http/request-context.server";
import { setAnsweringRoute } from "./access-log";
import { bufferedBodyOf } from "./body-limit";
import { getLoadContext } from "./load-context";
import { requestContextOf } from "./request-id";
import { routeIdOf } from "./route-id";
import { tracedBuild } from "./telemetry";

/**
 * Remix's Express adapter (`@remix-run/express`'s `createRequestHandler`), with one change: a post
 * whose body the server already read (`body-limit.ts`) reaches Remix with that body, instead of
 * the request's stream, which is spent. The URL, headers and the abort when the visitor leaves are
 * the adapter's own.
 *
 * Remix runs inside the request's context (`request-id.ts`), entered here again so that it does not
 * depend on every step before this one keeping it (one that went on from an event callback would
 * not). The route that answers is noted for the access log.
 */
export function remixHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
}): RequestHandler {
  const handleRequest = createRemixHandler(tracedBuild(options.build), options.mode);
  const currentBuild =
    typeof options.build === "function" ? options.build : async () => options.build as ServerBuild;
  return async (req, res, next) => {
    try {
      const route = routeIdOf(await currentBuild(), req.path);
      if (route) setAnsweringRoute(res, route);
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
      const context = requestContextOf(req);
      const answer = () => handleRequest(request, getLoadContext(req));
      const response = await (context ? runInRequestContext(context, answer) : answer());
      await sendRemixResponse(res, response);
    } catch (error) {
      // Express 4 does not await handlers: the error goes on by hand, as in the adapter.
      next(error);
    }
  };
}
