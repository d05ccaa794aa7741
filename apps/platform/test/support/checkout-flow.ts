import type {
  CheckoutStarted,
  CheckoutState,
  ItemAdded,
  PlatformErrorBody,
  SessionStarted,
} from "@kassa/api-client";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, variantStocks } from "../../src/db/schema.js";
import { SEED_FIXTURES } from "../../src/seed/fixtures.js";
import type { ApiResponse, PlatformCaller, TestPlatform } from "./test-platform.js";

/** One line of a cart: a variant and how many of it. */
export interface CartLine {
  variantId: string;
  quantity: number;
}

/** What a sandbox widget's form answers when posted. */
export interface PayAnswer {
  status: number;
  location: string | null;
  text: string;
}

/** The test shopper the sandbox widgets' forms are filled in with. */
export const SHOPPER = {
  givenName: "Anna",
  familyName: "Andersson",
  email: "anna@example.se",
  telephoneNumber: "+46701234567",
  streetAddress: "Storgatan 1",
  postalCode: "11122",
  city: "Stockholm",
  country: "SE",
};

/** The cart a test pays for unless it says otherwise: two of the seed's simple variant. */
const TWO_SIMPLE: readonly CartLine[] = [
  { variantId: SEED_FIXTURES.simple.variantId, quantity: 2 },
];

/** Starts a shopper session (Finnish for FI, else Swedish), adds the lines and answers its token. */
export async function cartWith(
  platform: PlatformCaller,
  lines: readonly CartLine[] = TWO_SIMPLE,
  { storeGroupId = "default", countryCode = "SE" } = {},
): Promise<string> {
  // As the storefront starts one: with its token (any store group but the public one needs it).
  const { body } = await platform.request<SessionStarted>("POST", "/shopper/sessions/start", {
    body: { storeGroupId, countryCode, languageCode: countryCode === "FI" ? "fi" : "sv" },
    storefront: true,
  });
  for (const line of lines) {
    const added = await platform.request<ItemAdded>("POST", "/shopper/sessions/items", {
      token: body.token,
      body: { productVariantId: line.variantId, quantity: line.quantity },
    });
    expect(added.status).toBe(200);
  }
  return body.token;
}

/** Asks to start a checkout of the session's cart with the payment provider and PostNord. */
export function startCheckout(
  platform: PlatformCaller,
  sessionToken: string,
  paymentProvider: string,
): Promise<ApiResponse<CheckoutStarted & PlatformErrorBody>> {
  return platform.request<CheckoutStarted & PlatformErrorBody>(
    "POST",
    "/shopper/sessions/checkout/start",
    { token: sessionToken, body: { paymentProvider, shippingProvider: "PostNord" } },
  );
}

/** Starts a checkout as `startCheckout` does, expects it started (200) and answers its body. */
export async function startedCheckout(
  platform: PlatformCaller,
  sessionToken: string,
  paymentProvider: string,
): Promise<CheckoutStarted> {
  const started = await startCheckout(platform, sessionToken, paymentProvider);
  expect(started.status).toBe(200);
  return started.body;
}

/** Reads the checkout (and its order, once placed) with the checkout token. */
export function readCheckout(
  platform: PlatformCaller,
  checkoutToken: string,
): Promise<ApiResponse<CheckoutState & PlatformErrorBody>> {
  return platform.request<CheckoutState & PlatformErrorBody>("GET", "/shopper/sessions/checkout", {
    token: checkoutToken,
  });
}

/** Applies a Retain24 gift card to the checkout, with its PIN when given. */
export function applyCard(
  platform: PlatformCaller,
  checkoutToken: string,
  code: string,
  pin?: string,
): Promise<ApiResponse<PlatformErrorBody>> {
  return platform.request<PlatformErrorBody>("PUT", `/shopper-retain24/gift-cards/${code}`, {
    token: checkoutToken,
    body: pin === undefined ? {} : { pin },
  });
}

/** Posts the sandbox widget's form as a browser would, without following the redirect. */
export async function pay(widgetUrl: string, fields: Record<string, string>): Promise<PayAnswer> {
  const response = await fetch(widgetUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    text: await response.text(),
  };
}

/** The orders placed for a checkout, read from the database (there should be one at most). */
export async function ordersOf(platform: Pick<TestPlatform, "db">, checkoutId: string) {
  return platform.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
}

/** A variant's stock quantity in a country (0 when it has no stock row there). */
export async function stockOf(
  platform: Pick<TestPlatform, "db">,
  variantId: string,
  countryCode = "SE",
): Promise<number> {
  const [row] = await platform.db
    .select()
    .from(variantStocks)
    .where(
      and(
        eq(variantStocks.productVariantId, variantId),
        eq(variantStocks.countryCode, countryCode),
      ),
    );
  return row?.stockQuantity ?? 0;
}
