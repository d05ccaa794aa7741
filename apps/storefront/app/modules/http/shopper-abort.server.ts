import { currentRequestContext, runInRequestContext } from "./request-context.server";

/**
 * A platform call made for a shopper's request stops when the shopper leaves (the request's
 * signal, `request-context.server.ts`), besides its deadline: nobody waits for its answer, and it
 * frees the render slot and the platform's work at once (ADR 0041).
 *
 * `init` as the api-client gave it, with the request's abort joined to its own signal.
 */
export function withShopperAbort(init?: RequestInit): RequestInit | undefined {
  const shopperLeft = currentRequestContext()?.signal;
  if (!shopperLeft) return init;
  const own = init?.signal ?? undefined;
  return { ...init, signal: own ? AbortSignal.any([own, shopperLeft]) : shopperLeft };
}

/**
 * Runs work that is shared between shoppers (a catalogue cache fill, which every shopper asking
 * for the same data at once waits for) apart from the abort of the request that happened to
 * start it: one shopper leaving must not fail the page of another. Such work keeps its deadline,
 * and the rest of the request's context (its request id).
 */
export function apartFromShopper<T>(work: () => T): T {
  const context = currentRequestContext();
  if (!context?.signal) return work();
  const { signal: _shopperLeft, ...shared } = context;
  return runInRequestContext(shared, work);
}
