import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Qliro's status pushes carry no authentication (Qliro's notification docs): the push URL the
 * platform gives Qliro carries a short-lived token instead, an HMAC of the order id and the
 * expiry, so a push is taken only for the order it was issued for and only for a while.
 */
export const PUSH_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

const PURPOSE = "kassa:qliro-push:v1";

function signature(secret: string, orderId: string, expires: number): string {
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(`${orderId}.${expires}`).digest("base64url");
}

/** `<expiry in seconds>.<signature>`: URL-safe as it is. */
export function signPushToken(secret: string, orderId: string, now: Date): string {
  const expires = Math.floor((now.getTime() + PUSH_TOKEN_LIFETIME_MS) / 1000);
  return `${expires}.${signature(secret, orderId, expires)}`;
}

/** Whether a token was issued for this order and has not expired (by the platform's clock). */
export function verifyPushToken(
  secret: string,
  token: string | undefined,
  orderId: string,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, orderId, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
