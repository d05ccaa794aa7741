import { describe, expect, it } from "vitest";
import {
  DEFAULT_MARKET,
  DEFAULT_STORE_GROUP,
  findMarket,
  findMarketByCategoryUrlPrefix,
  findMarketByProductUrlPrefix,
  findStoreGroup,
  marketOrDefault,
} from "./markets.js";

describe("markets", () => {
  it("finds a market by country, in any case", () => {
    expect(findMarket("fi")?.currency).toBe("EUR");
    expect(findMarket("SE")?.currency).toBe("SEK");
    expect(findMarket("NO")).toBeUndefined();
    expect(findMarket(null)).toBeUndefined();
  });

  it("falls back to Sweden", () => {
    expect(DEFAULT_MARKET.country).toBe("SE");
    expect(marketOrDefault("XX")).toBe(DEFAULT_MARKET);
    expect(marketOrDefault("FI").language).toBe("fi");
  });

  it("finds a market by product URL prefix", () => {
    expect(findMarketByProductUrlPrefix("tuote")?.country).toBe("FI");
    expect(findMarketByProductUrlPrefix("product")).toBeUndefined();
    expect(findMarketByCategoryUrlPrefix("kategori")?.country).toBe("SE");
    expect(findMarketByCategoryUrlPrefix("kategoria")?.country).toBe("FI");
    expect(findMarketByCategoryUrlPrefix("tuote")).toBeUndefined();
  });

  it("finds a store group by id or slug", () => {
    expect(DEFAULT_STORE_GROUP.id).toBe("default");
    expect(findStoreGroup("business")?.isTaxIncludedInPrice).toBe(false);
    expect(findStoreGroup(undefined)).toBeUndefined();
  });
});
