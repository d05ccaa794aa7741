import { discountPercent, formatMoney, isOnSale } from "@kassa/domain";
import { Price } from "@kassa/ui";
import { useTranslation } from "react-i18next";

export interface ProductPriceProps {
  basePriceAmount: number;
  salePriceAmount: number;
  currencyCode: string;
  locale: string;
  hasPriceRange?: boolean;
  size?: "sm" | "md" | "lg";
}

/**
 * A price from the platform, in minor units, with the sale price and its badge (C§9). A screen
 * reader hears which price is which: the sale price, then the ordinary price.
 */
export function ProductPrice(props: ProductPriceProps) {
  const { t } = useTranslation();
  const onSale = isOnSale(props.basePriceAmount, props.salePriceAmount);
  return (
    <Price
      price={formatMoney(props.salePriceAmount, props.currencyCode, props.locale)}
      basePrice={
        onSale ? formatMoney(props.basePriceAmount, props.currencyCode, props.locale) : undefined
      }
      discountPercent={
        onSale ? discountPercent(props.basePriceAmount, props.salePriceAmount) : undefined
      }
      fromLabel={props.hasPriceRange ? t("product.from") : undefined}
      // Read aloud as "Reapris 299 kr, ordinarie pris 399 kr": each price says which it is.
      saleLabel={t("product.salePrice")}
      basePriceLabel={t("product.ordinaryPrice")}
      size={props.size}
    />
  );
}
