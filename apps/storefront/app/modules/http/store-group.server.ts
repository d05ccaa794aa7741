import { findStoreGroup, type StoreGroup } from "@kassa/domain";
import { config } from "./config.server";
import { storefrontCookies } from "./cookies.server";

/**
 * The store group this request shops in: the logged-in user's (from its signed cookie, set at
 * login), else the storefront's configured one. Prices, product lookups and carts follow it.
 */
export async function storeGroupOf(request: Request): Promise<string> {
  const value = await storefrontCookies().storeGroupId.parse(request.headers.get("Cookie"));
  const group: StoreGroup | undefined =
    typeof value === "string" ? findStoreGroup(value) : undefined;
  return group?.id ?? config().storeGroupId;
}
