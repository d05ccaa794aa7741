import { parseWishlistEntry } from "@kassa/domain";
import { ProductCard } from "@kassa/ui";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PRODUCT_IMAGE, productImageAlt } from "~/modules/catalogue/product-image";
import { ProductPrice } from "~/modules/catalogue/product-price";
import { CompareToggle } from "~/modules/compare/compare-toggle";
import { useWishlist } from "./use-wishlist";
import type { WishlistItem } from "./wishlist-items.server";
import { WishlistToggle } from "./wishlist-toggle";

/**
 * The kept products as they are now in the browser's list: one removed with its heart leaves at
 * once, and one added elsewhere (another tab) loads the page's data again to show it.
 */
export function useKeptItems(items: readonly WishlistItem[]): WishlistItem[] {
  const wishlist = useWishlist();
  const revalidator = useRevalidator();
  const shown = new Set(items.map((item) => item.productId));
  const missing = wishlist.entries.some(
    (entry) => !shown.has(parseWishlistEntry(entry)?.productId ?? entry),
  );
  useEffect(() => {
    if (missing && revalidator.state === "idle") revalidator.revalidate();
  }, [missing, revalidator]);
  return items.filter((item) => wishlist.has(item.productId));
}

/** The kept products as cards, each with its heart (to remove it) and its compare checkbox. */
export function WishlistItems({
  items,
  locale,
  compareFormId,
}: {
  items: WishlistItem[];
  locale: string;
  compareFormId: string;
}) {
  const { t } = useTranslation();
  return (
    <ul
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
      data-testid="wishlist-items"
    >
      {items.map((item) => (
        <li key={item.entry} data-testid="wishlist-item" data-position={item.position}>
          <ProductCard
            href={item.href}
            linkComponent={Link}
            name={item.name}
            brand={item.brand}
            imageUrl={item.imageUrl}
            imageAlt={productImageAlt(item.name, item.colour)}
            imageWidth={PRODUCT_IMAGE.width}
            imageHeight={PRODUCT_IMAGE.height}
            soldOutLabel={item.isAvailable ? undefined : t("product.soldOut")}
            swatches={item.swatches}
            headingLevel={2}
            price={
              item.price ? (
                <>
                  <ProductPrice {...item.price} locale={locale} size="sm" />
                  {item.colour ? (
                    <span className="block text-sm text-stone-600">
                      {t("wishlist.colour", { colour: item.colour })}
                    </span>
                  ) : null}
                </>
              ) : undefined
            }
            actions={<WishlistToggle entry={item.entry} productName={item.name} />}
            footer={
              <CompareToggle
                productId={item.productId}
                productName={item.name}
                formId={compareFormId}
              />
            }
          />
        </li>
      ))}
    </ul>
  );
}
