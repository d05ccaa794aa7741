import { currentRequestContext } from "./request-context.server";
import { withRequestId } from "./request-id-header.server";
import { withShopperAbort } from "./shopper-abort.server";

/**
 * The one `fetch` every platform call of the storefront goes through (each client in
 * `clients.server.ts` and beside it is given it): what a call carries because of the request it
 * is made for, in one place: the request's id goes as `X-Request-Id` (ADR 0040), so the platform's
 * log lines and error bodies name the shopper's request, and the request's abort joins the call's
 * own signal (the deadline the client set, ADR 0041).
 */
export const platformFetch: typeof fetch = (input, init) =>
  globalThis.fetch(
    input,
    withRequestId(input, withShopperAbort(init), currentRequestContext()?.requestId),
  );
