import { type Market, marketOrDefault } from "@kassa/domain";
import { storefrontCookies } from "./cookies.server";

/** The shopper's market, from its signed cookie (default SE, C§9). */
export async function marketOf(request: Request): Promise<Market> {
  const value = await storefrontCookies().market.parse(request.headers.get("Cookie"));
  return marketOrDefault(typeof value === "string" ? value : undefined);
}
