import type { AppLoadContext } from "@remix-run/node";
import { loadCartSession } from "~/modules/cart/cart.server";
import { config } from "~/modules/http/config.server";
import { currentChoices } from "./consent";
import { readConsent } from "./consent-cookie.server";
import { readPendingEvents } from "./pending-events.server";
import type { RootAnalytics } from "./root-analytics";

/**
 * What every page needs of analytics, for the root loader: the choice that counts (none: the
 * banner shows), the configured tag, and the events a form post left for this page. Only the
 * choices, never the day they were made, reach the page: a shared page is kept per choice
 * (ADR 0038), and the day would split it per shopper.
 */
export async function rootAnalytics(
  request: Request,
  context?: AppLoadContext,
): Promise<{ analytics: RootAnalytics; setCookies: string[] }> {
  // A many-line add is read from the cart, the same read as the layout's cart badge.
  const { events, setCookie } = await readPendingEvents(request, async () => {
    return (await loadCartSession(request, context))?.cart ?? null;
  });
  return {
    analytics: {
      consent: currentChoices(readConsent(request)),
      tag: config().analyticsTag,
      events,
    },
    setCookies: setCookie ? [setCookie] : [],
  };
}
