import type { PlatformConfig } from "../../../config.js";
import type { PaymentSessionRow } from "../../../db/schema.js";
import type { OutboundFetch } from "../../../outbound/outbound-fetch.js";

/**
 * Walley's notification: after a purchase Walley calls the shop's notification URI with the
 * checkout's private id, at least once, and again after 5 s, 10 s, 3 min, 1 h, … until it gets a
 * 200. The shop answers by reading the checkout (never by trusting the call), so any number of
 * repeats, in any order and at the same time, change nothing after the first.
 */

/**
 * When the sandbox sends a completed purchase's notification, in seconds after the purchase: at
 * once and then twice more, as Walley's first retries would, so that a shop sees repeats even
 * when it answered 200 the first time.
 */
export const WALLEY_NOTIFICATION_DELAYS_SECONDS = [0, 5, 10] as const;

/** One notification to send: a job payload (`{ url }`). */
export interface WalleyNotificationJob {
  url: string;
}

/**
 * Where a session's notifications go: always the platform's own
 * `POST /shopper-walley/notifications` under its configured public URL, with `privateId` in the
 * query. Never a URL from a shopper's call (one stored by an older version is ignored): that
 * would let a shopper make the job worker post anywhere (SSRF).
 */
export function notificationUrlOf(config: PlatformConfig, session: PaymentSessionRow): string {
  const url = new URL(`${config.publicUrl}/shopper-walley/notifications`);
  url.searchParams.set("privateId", session.reference);
  return url.toString();
}

/**
 * Sends one notification through `outbound` (`createOutboundFetch`: no private address unless
 * configured, checked when connecting). Anything but a 200 (or no answer within 10 s) throws, so
 * that a job queue running this retries it with backoff, as Walley does.
 */
export async function deliverWalleyNotification(
  job: WalleyNotificationJob,
  outbound: OutboundFetch,
): Promise<void> {
  const response = await outbound(job.url, {
    method: "POST",
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  if (response.status !== 200) {
    throw new Error(`The Walley notification was answered ${response.status}`);
  }
}
