import { z } from "zod";
import { VALIDATION_MESSAGES as M } from "../forms/messages.js";
import { redirectToSchema } from "../forms/redirect.js";
import { MARKETS, type MarketCountry } from "./markets.js";

const MARKET_COUNTRIES = MARKETS.map((market) => market.country) as [
  MarketCountry,
  ...MarketCountry[],
];

/** The market selector (C§2): the chosen market, and where to go back to after the switch. */
export const marketSchema = z.object({
  market: z.enum(MARKET_COUNTRIES, {
    error: (issue) => (issue.input === undefined ? M.required : M.invalid),
  }),
  redirectTo: redirectToSchema,
});

export type MarketFormInput = z.input<typeof marketSchema>;
export type MarketForm = z.output<typeof marketSchema>;
