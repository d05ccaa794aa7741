import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { allowsDevelopmentDefaults } from "../../../config.js";

/**
 * Adyen's standard webhooks (notifications): a batch of `notificationItems`, each signed with an
 * HMAC-SHA256 (hex key, base64 signature in `additionalData.hmacSignature`) over
 * `pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success`
 * (empty strings for missing fields). The endpoint answers the text `[accepted]`.
 */

/**
 * The HMAC key used outside production when `KASSA_ADYEN_HMAC_KEY` is unset (published here, so
 * never good for a real shop): the sandbox's notifications are signed with it in development.
 */
export const DEVELOPMENT_ADYEN_HMAC_KEY =
  "4B61737361416479656E53616E64626F78446576656C6F706D656E744B657921";

type Env = Record<string, string | undefined>;

/**
 * The webhook HMAC key (hex): `KASSA_ADYEN_HMAC_KEY`, else the development key outside production,
 * else none (notifications are then refused with 503: nothing unsigned is ever believed). The
 * development key is published, so production refuses it even when it is set.
 */
export function adyenHmacKey(env: Env = process.env): string | undefined {
  const development = allowsDevelopmentDefaults(env);
  const configured = env.KASSA_ADYEN_HMAC_KEY?.trim();
  if (configured) {
    if (!/^(?:[0-9a-fA-F]{2}){16,}$/.test(configured)) {
      throw new Error("KASSA_ADYEN_HMAC_KEY must be a hex key of at least 16 bytes");
    }
    if (!development && configured.toUpperCase() === DEVELOPMENT_ADYEN_HMAC_KEY) {
      throw new Error(
        "KASSA_ADYEN_HMAC_KEY is the published development key: make one of your own",
      );
    }
    return configured;
  }
  return development ? DEVELOPMENT_ADYEN_HMAC_KEY : undefined;
}

const text = (max: number) => z.string().max(max);

export const notificationItemSchema = z.object({
  eventCode: text(100),
  success: z.union([z.enum(["true", "false"]), z.boolean()]),
  pspReference: text(100),
  originalReference: text(100).optional(),
  merchantAccountCode: text(200).optional(),
  merchantReference: text(200),
  amount: z.object({ value: z.number().int(), currency: text(3) }),
  eventDate: text(40).optional(),
  reason: text(1000).optional(),
  paymentMethod: text(100).optional(),
  additionalData: z.record(text(100), text(2000)).optional(),
});

export const notificationBatchSchema = z.object({
  live: z.union([z.enum(["true", "false"]), z.boolean()]),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: notificationItemSchema }))
    .min(1)
    .max(100),
});

export type NotificationItem = z.output<typeof notificationItemSchema>;

/** The signed payload of one item, in Adyen's order. */
export function notificationSigningString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode ?? "",
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    String(item.success),
  ].join(":");
}

/** The base64 HMAC-SHA256 signature of an item with a hex key. */
export function notificationSignature(item: NotificationItem, hexKey: string): string {
  return createHmac("sha256", Buffer.from(hexKey, "hex"))
    .update(notificationSigningString(item))
    .digest("base64");
}

/** Whether the item's `additionalData.hmacSignature` is right (compared in constant time). */
export function hasValidSignature(item: NotificationItem, hexKey: string): boolean {
  const given = Buffer.from(item.additionalData?.hmacSignature ?? "", "base64");
  const expected = Buffer.from(notificationSignature(item, hexKey), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
