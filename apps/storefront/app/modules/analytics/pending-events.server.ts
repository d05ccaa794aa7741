import { storefrontCookies } from "~/modules/http/cookies.server";
import {
  type AddedLine,
  linesAddedEvent,
  type PricedCart,
  type PricedLine,
} from "./event-builders";
import type { AnalyticsEvent } from "./events";
import type { PendingEvent } from "./root-analytics";

/**
 * Events that happened in a form post (added to the cart, removed a line, logged in, signed up)
 * travel to the next page in a short-lived signed cookie, like the toasts (ADR 0002), and that
 * page pushes them: so an add to the cart made as a full form post is still counted once a page
 * with scripts loads. Each carries an id, so a page that renders twice pushes it once.
 *
 * A post that adds many lines at once (a quick order of up to 100, an old order again) would not
 * fit a cookie as an event: it travels as its variant ids and quantities, and the next page makes
 * the `add_to_cart` from the cart it reads anyway (names and prices as the cart has them).
 */

const KEY = "events";
/** Enough for a few posts without a page between them. */
const MOST = 5;
/** Browsers keep a cookie of up to 4096 bytes; the oldest waiting events give way to stay under. */
const MOST_BYTES = 4000;

type Waiting =
  | PendingEvent
  | { id: string; linesAdded: readonly (readonly [productVariantId: string, quantity: number])[] };

/** A `Set-Cookie` adding `events` to those already waiting; none when there is nothing to add. */
export async function pendingEventsCookie(
  request: Request,
  events: readonly (AnalyticsEvent | null)[],
): Promise<string[]> {
  const added = events.filter((event): event is AnalyticsEvent => event !== null);
  return addWaiting(
    request,
    added.map((event) => ({ id: crypto.randomUUID(), event })),
  );
}

/** A `Set-Cookie` with the `add_to_cart` of several lines put in at once; none for no line. */
export async function pendingLinesAddedCookie(
  request: Request,
  lines: readonly AddedLine[],
): Promise<string[]> {
  if (lines.length === 0) return [];
  const linesAdded = lines.map(
    ({ productVariantId, quantity }) => [productVariantId, quantity] as const,
  );
  return addWaiting(request, [{ id: crypto.randomUUID(), linesAdded }]);
}

async function addWaiting(request: Request, added: readonly Waiting[]): Promise<string[]> {
  if (added.length === 0) return [];
  const storage = storefrontCookies().analyticsEvents;
  const session = await storage.getSession(request.headers.get("Cookie"));
  const waiting = (session.get(KEY) as Waiting[] | undefined) ?? [];
  // Counting must never fail the post it counts: an entry too big even alone is not kept.
  for (let kept = [...waiting, ...added].slice(-MOST); kept.length > 0; kept = kept.slice(1)) {
    session.flash(KEY, kept);
    // Remix refuses to write a cookie a browser would not keep.
    const cookie = await storage.commitSession(session).catch(() => null);
    if (cookie && cookie.length <= MOST_BYTES) return [cookie];
  }
  return [];
}

/** The cart the lines of a many-line add are read from, when one waits. */
type CartReader = () => Promise<
  | (Omit<PricedCart, "items"> & {
      items: readonly (PricedLine & { options?: { parentItem?: string } })[];
    })
  | null
>;

/**
 * The waiting events and the `Set-Cookie` that clears them (null when none waited). A many-line
 * add is made into its event from `readCart`, which is only called when one waits.
 */
export async function readPendingEvents(
  request: Request,
  readCart: CartReader = async () => null,
): Promise<{ events: PendingEvent[]; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  const storage = storefrontCookies().analyticsEvents;
  if (!cookie?.includes(`${storage.cookie.name}=`)) return { events: [], setCookie: null };
  const session = await storage.getSession(cookie);
  const waiting = (session.get(KEY) as Waiting[] | undefined) ?? [];
  const cart = waiting.some((entry) => "linesAdded" in entry)
    ? await readCart().catch(() => null)
    : null;
  const events = waiting.flatMap((entry): PendingEvent[] => {
    if (!("linesAdded" in entry)) return [entry];
    const event = cart
      ? linesAddedEvent(
          cart,
          entry.linesAdded.map(([productVariantId, quantity]) => ({ productVariantId, quantity })),
        )
      : null;
    return event ? [{ id: entry.id, event }] : [];
  });
  return { events, setCookie: await storage.destroySession(session) };
}
