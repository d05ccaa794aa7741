import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the storefront knows of the shopper's request while it is being answered, wherever the
 * code runs: the request id (from a trusted proxy, or made here), and the signal that aborts when
 * the shopper leaves. The server (`server/`) starts the context; loaders, actions and every
 * platform call (`platform-fetch.server.ts`) read it.
 *
 * The server and the Remix build are two bundles: the store is kept under a global symbol so both
 * see the same one.
 */
export interface RequestContext {
  /** Sent to the platform as `X-Request-Id`, on every log line, on every error page. */
  requestId: string;
  /** Aborts when the shopper's connection closes before the answer is sent. */
  signal?: AbortSignal;
}

const KEY = Symbol.for("kassa.storefront.request-context");
type Holder = { [KEY]?: AsyncLocalStorage<RequestContext> };

function store(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return holder[KEY];
}

/** Runs `work` as part of the request `context` describes. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return store().run(context, work);
}

/** The request being answered, or undefined outside one (start-up, background refreshes). */
export function currentRequestContext(): RequestContext | undefined {
  return store().getStore();
}
