import type { CartItem } from "@kassa/api-client";
import { CART_BUSY_MS, formatMoney } from "@kassa/domain";
import { Button, CartLine, type CartLineDetail, QuantityStepper } from "@kassa/ui";
import { Link, useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBusyWindow } from "~/hooks/use-busy-window";
import { PRODUCT_IMAGE, productImageAlt } from "~/modules/catalogue/product-image";
import { productPath } from "~/modules/catalogue/product-path";
import { optimisticQuantity } from "./optimistic-quantity";

/** The id of the cart's heading, where focus goes when the last line is removed. */
export const CART_HEADING_ID = "cart-title";

/**
 * Where focus goes when this line goes: the remove button of the next line that has one (child
 * lines have none and go with their parent), else the cart's heading.
 */
function nextFocusAfterLine(line: Element): HTMLElement | null {
  for (let next = line.nextElementSibling; next; next = next.nextElementSibling) {
    const remove = next.querySelector<HTMLElement>('button[name="intent"][value="remove"]');
    if (remove) return remove;
  }
  return document.getElementById(CART_HEADING_ID);
}

export function cartLineFetcherKey(itemId: string): string {
  return `cart-line:${itemId}`;
}

interface CartLineItemProps {
  item: CartItem;
  /** The parent line when this is a child item (it follows the parent's quantity). */
  parent?: CartItem;
  currencyCode: string;
  locale: string;
  productBase: string;
}

/**
 * One cart line (C§2): image, parent name, colour, size or name, minus and plus, price, remove.
 * Each control is a form posting to `/cart`; with JavaScript it goes through a fetcher, shows the
 * new quantity at once and keeps the line busy for ~700 ms.
 */
export function CartLineItem({
  item,
  parent,
  currencyCode,
  locale,
  productBase,
}: CartLineItemProps) {
  const { t } = useTranslation();
  // A child line reads its parent's fetcher: it follows the parent's pending change too.
  const fetcher = useFetcher({ key: cartLineFetcherKey(parent?.id ?? item.id) });
  const busy = useBusyWindow(fetcher.state !== "idle", CART_BUSY_MS);
  const focusAfterRemoval = useRef<HTMLElement | null>(null);
  // The buttons stay enabled while a change is saved (they ignore presses instead), so focus stays
  // on the pressed one. A change that removes the line (remove, or minus at 1) takes its buttons
  // away: focus then goes where the shopper would go next, chosen before the line disappears.
  function rememberFocusAfterRemoval(event: FormEvent<HTMLFormElement>) {
    const line = event.currentTarget.closest("li");
    focusAfterRemoval.current = line ? nextFocusAfterLine(line) : null;
  }
  const quantity = parent
    ? optimisticQuantity(parent.quantity, fetcher.formData) *
      (item.quantity / Math.max(parent.quantity, 1))
    : optimisticQuantity(item.quantity, fetcher.formData);
  const removed = quantity === 0;
  useEffect(() => {
    if (removed) focusAfterRemoval.current?.focus();
  }, [removed]);
  if (removed) return null;

  const name = item.customAttributes.parentName || item.name;
  const { color, size } = item.customAttributes;
  const details: CartLineDetail[] = [
    ...(color ? [{ label: t("product.color"), value: color }] : []),
    ...(size ? [{ label: t("product.size"), value: size }] : []),
  ];
  if (details.length === 0 && item.name !== name) details.push(item.name);
  if (parent)
    details.push(
      t("cart.includedWith", { name: parent.customAttributes.parentName || parent.name }),
    );

  const unitPrice = formatMoney(item.salePriceAmount, currencyCode, locale);
  const price = (
    <span className="text-right">
      <span className="block font-medium" data-testid="line-total">
        {fetcher.state === "idle" ? formatMoney(item.totalPriceAmount, currencyCode, locale) : "…"}
      </span>
      {item.quantity > 1 ? (
        <span className="block text-xs text-stone-600">{`${quantity} × ${unitPrice}`}</span>
      ) : null}
    </span>
  );
  const hidden = (
    <>
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="quantity" value={item.quantity} />
      <input type="hidden" name="redirectTo" value="/cart" />
    </>
  );

  return (
    <CartLine
      imageUrl={item.imageUrl}
      imageAlt={productImageAlt(name, color)}
      imageWidth={PRODUCT_IMAGE.width}
      imageHeight={PRODUCT_IMAGE.height}
      name={name}
      details={details}
      href={productPath(productBase, item.customAttributes.productSlug)}
      linkComponent={Link}
      isChild={Boolean(parent)}
      busy={busy}
      price={price}
      quantityControl={
        parent ? (
          <span className="text-sm text-stone-700" data-testid="line-quantity">
            {t("cart.quantity")}: {quantity}
          </span>
        ) : (
          <fetcher.Form
            method="post"
            action="/cart"
            preventScrollReset
            onSubmit={rememberFocusAfterRemoval}
          >
            {hidden}
            <QuantityStepper
              quantity={quantity}
              label={t("cart.quantity")}
              busy={busy}
              decrease={{
                label: t("cart.decrease", { name }),
                name: "intent",
                value: "decrease",
              }}
              increase={{
                label: t("cart.increase", { name }),
                name: "intent",
                value: "increase",
              }}
            />
          </fetcher.Form>
        )
      }
      removeControl={
        parent ? null : (
          <fetcher.Form
            method="post"
            action="/cart"
            preventScrollReset
            onSubmit={rememberFocusAfterRemoval}
          >
            {hidden}
            <Button
              type="submit"
              name="intent"
              value="remove"
              variant="ghost"
              size="sm"
              busy={busy}
              aria-label={t("cart.removeItem", { name })}
            >
              {t("cart.remove")}
            </Button>
          </fetcher.Form>
        )
      }
    />
  );
}
