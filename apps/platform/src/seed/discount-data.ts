/**
 * The demo discount codes (C§5, C§8): one for each way a code can be used or refused, so the voucher
 * panel can be tried out (README: Discount codes). Fixed like everything in the seed: the expired
 * code's window lies in the past, and no code reads the clock.
 */
import type { discountCodes } from "../db/schema.js";

type DiscountCodeSeed = typeof discountCodes.$inferInsert;

/** When the demo codes were "created". */
export const SEED_DISCOUNTS_CREATED_AT = new Date("2026-01-15T09:00:00.000Z");

/** The product tag of {@link SEED_DISCOUNT_CODES}.newArrivals; seeded products carry it. */
export const NEW_ARRIVALS_TAG = "new";

export const SEED_DISCOUNT_CODES = {
  /** 10 % off every line, every market. */
  welcome: {
    code: "VALKOMMEN10",
    description: "10 % rabatt på hela varukorgen",
    percentOff: 1000,
  },
  /** 100 SEK / 10 EUR off, spread over the lines, from a subtotal of 500 SEK / 50 EUR. */
  summer: {
    code: "SOMMAR100",
    description: "100 kr (10 €) rabatt när du handlar för minst 500 kr (50 €)",
    amountOff: { SEK: 10_000, EUR: 1_000 },
    minSubtotal: { SEK: 50_000, EUR: 5_000 },
  },
  /** 20 % off the lines of products tagged `new`; needs one in the cart. */
  newArrivals: {
    code: "NYHET20",
    description: "20 % rabatt på nyheter",
    percentOff: 2000,
    productTag: NEW_ARRIVALS_TAG,
  },
  /** 50 SEK off in Sweden only: refused in Finland (market and currency not covered). */
  swedenOnly: {
    code: "SVERIGE50",
    description: "50 kr rabatt, bara i Sverige",
    amountOff: { SEK: 5_000 },
    countryCodes: ["SE"],
  },
  /** A member code an outside loyalty club must approve: always refused here. */
  club: {
    code: "KLUBB15",
    description: "15 % för klubbmedlemmar (godkänns av kundklubben)",
    percentOff: 1500,
    requiresExternalApproval: true,
  },
  /** Valid during winter 2024 only: expired. */
  expired: {
    code: "VINTER2024",
    description: "15 % vinterrea 2024",
    percentOff: 1500,
    validFrom: new Date("2024-01-01T00:00:00.000Z"),
    validUntil: new Date("2024-03-31T22:00:00.000Z"),
  },
  /** Switched off by the shop. */
  inactive: {
    code: "PAUSAD",
    description: "Pausad kampanj",
    percentOff: 2500,
    isActive: false,
  },
} satisfies Record<string, Omit<DiscountCodeSeed, "createdAt">>;

/** The rows the seed inserts. */
export function discountCodeRows(): DiscountCodeSeed[] {
  return Object.values(SEED_DISCOUNT_CODES).map((code) => ({
    ...code,
    createdAt: SEED_DISCOUNTS_CREATED_AT,
  }));
}
