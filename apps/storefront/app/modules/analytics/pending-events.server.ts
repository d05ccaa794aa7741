import { storefrontCookies } from "~/modules/http/cookies.server";
import type { AnalyticsEvent } from "./events";
import type { PendingEvent } from "./root-analytics";

/**
 * Events that happened in a form post (added to the cart, removed a line, logged in, signed up)
 * travel to the next page in a short-lived signed cookie, like the toasts (ADR 0002), and that
 * page pushes them: so an add to the cart made as a full form post is still counted once a page
 * with scripts loads. Each carries an id, so a page that renders twice pushes it once.
 */

const KEY = "events";
/** Enough for a few posts without a page between them; a cookie stays far under 4 KB. */
const MOST = 5;

/** A `Set-Cookie` adding `events` to those already waiting; none when there is nothing to add. */
export async function pendingEventsCookie(
  request: Request,
  events: readonly (AnalyticsEvent | null)[],
): Promise<string[]> {
  const added = events.filter((event): event is AnalyticsEvent => event !== null);
  if (added.length === 0) return [];
  const storage = storefrontCookies().analyticsEvents;
  const session = await storage.getSession(request.headers.get("Cookie"));
  const waiting = (session.get(KEY) as PendingEvent[] | undefined) ?? [];
  const next = [...waiting, ...added.map((event) => ({ id: crypto.randomUUID(), event }))];
  session.flash(KEY, next.slice(-MOST));
  return [await storage.commitSession(session)];
}

/** The waiting events and the `Set-Cookie` that clears them (null when none waited). */
export async function readPendingEvents(
  request: Request,
): Promise<{ events: PendingEvent[]; setCookie: string | null }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("kassa_events=")) return { events: [], setCookie: null };
  const storage = storefrontCookies().analyticsEvents;
  const session = await storage.getSession(cookie);
  const events = (session.get(KEY) as PendingEvent[] | undefined) ?? [];
  return { events, setCookie: await storage.destroySession(session) };
}
