import type { ItemAvailability } from "schema-dts";

/** A variant's stock as the platform reports it (C§7 `GET /shopper/stocks/…`). */
export interface StockLevel {
  isAvailable: boolean;
  availableQuantity: number;
}

/**
 * schema.org's availability of a variant, from the same stock the page shows ("In stock", "Only 2
 * left", "Sold out"): in stock while any can be bought, out of stock otherwise. A variant the
 * platform reports no stock for cannot be bought either. Low stock is still `InStock`:
 * `LimitedAvailability` means a product offered for a limited time, which these are not.
 */
export function availabilityOf(stock: StockLevel | null | undefined): ItemAvailability {
  return stock?.isAvailable && stock.availableQuantity > 0
    ? "https://schema.org/InStock"
    : "https://schema.org/OutOfStock";
}
