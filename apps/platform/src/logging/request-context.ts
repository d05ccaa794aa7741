import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while a request is handled says about that request. */
export interface RequestContext {
  requestId: string;
  /**
   * Counts a refusal by a rate limit into the app's `/metrics`
   * (`kassa_platform_rate_limit_refusals_total`), set by `measureRequests`: the limits are
   * checked deep in many modules (`takeHit`), which need not be handed the app's metrics.
   */
  countLimitRefusal?: (limit: string) => void;
}

/**
 * The request being handled, wherever the code that logs is called from: a query helper, a mailer
 * or the error handler need not be handed the request id to write it on their lines (ADR 0039),
 * nor a rate limit the app's metrics to count its refusals (ADR 0051).
 */
const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (the rest of the request's middleware and its handler) as part of `context`. */
export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return requestContext.run(context, work);
}

/** The request the calling code is working for; `undefined` outside a request (start, jobs). */
export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}
