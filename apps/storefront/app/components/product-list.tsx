import { ProductGrid, type ProductGridProps } from "~/modules/catalogue/product-grid";
import { CompareForm } from "~/modules/compare/compare-form";
import { CompareToggle } from "~/modules/compare/compare-toggle";
import { WishlistToggle } from "~/modules/wishlist/wishlist-toggle";

/**
 * A product grid as shoppers use it on the home and category pages: each card with its wishlist
 * heart and its compare checkbox, and the page's compare form under the grid.
 */
export function ProductList({
  compareFormId,
  ...grid
}: Omit<ProductGridProps, "actionsFor" | "footerFor"> & { compareFormId: string }) {
  return (
    <>
      <ProductGrid
        {...grid}
        actionsFor={(product) => <WishlistToggle entry={product.id} productName={product.name} />}
        footerFor={(product) => (
          <CompareToggle productId={product.id} productName={product.name} formId={compareFormId} />
        )}
      />
      <CompareForm id={compareFormId} />
    </>
  );
}
