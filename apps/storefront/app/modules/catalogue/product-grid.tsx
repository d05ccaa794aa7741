import type { Product } from "@kassa/api-client";
import { ProductCard } from "@kassa/ui";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { gridImageLoading, mainImageColor, PRODUCT_IMAGE, productImageAlt } from "./product-image";
import { productPath } from "./product-path";
import { ProductPrice } from "./product-price";
import { swatchesOf } from "./product-swatches";

export interface ProductGridProps {
  products: Product[];
  productBase: string;
  locale: string;
  /** Controls over each card's picture (the wishlist heart). */
  actionsFor?(product: Product): ReactNode;
  /** Controls under each card (the compare checkbox). */
  footerFor?(product: Product): ReactNode;
  /**
   * How many cards' pictures load at once rather than when scrolled near: the first row of a grid
   * at the top of a page. Default 0 (all lazy), for a grid below the fold.
   */
  eagerImages?: number;
  /**
   * How many of those are the page's largest picture (its LCP, issue 15): fetched first, with
   * `fetchpriority="high"`. The first row on a phone (two cards) for a grid at the top of a page.
   */
  priorityImages?: number;
}

export function ProductGrid({
  products,
  productBase,
  locale,
  actionsFor,
  footerFor,
  eagerImages = 0,
  priorityImages = 0,
}: ProductGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            href={productPath(productBase, product.slug)}
            linkComponent={Link}
            name={product.name}
            brand={product.brand}
            imageUrl={product.imageUrl}
            imageAlt={productImageAlt(product.name, mainImageColor(product))}
            imageWidth={PRODUCT_IMAGE.width}
            imageHeight={PRODUCT_IMAGE.height}
            imageLoading={gridImageLoading(index, { priority: priorityImages, eager: eagerImages })}
            soldOutLabel={product.isAvailable ? undefined : t("product.soldOut")}
            swatches={swatchesOf(product)}
            actions={actionsFor?.(product)}
            footer={footerFor?.(product)}
            price={
              product.price ? (
                <ProductPrice
                  basePriceAmount={product.price.basePriceAmount}
                  salePriceAmount={product.price.salePriceAmount}
                  currencyCode={product.price.currencyCode}
                  hasPriceRange={product.price.hasPriceRange}
                  locale={locale}
                  size="sm"
                />
              ) : undefined
            }
          />
        </li>
      ))}
    </ul>
  );
}
