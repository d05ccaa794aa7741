import type { CartItem } from "@kassa/api-client";
import { CART_BUSY_MS, formatMoney, type SizeOption } from "@kassa/domain";
import { Button, CartLine, type CartLineDetail, QuantityStepper, Select } from "@kassa/ui";
import { Link, useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useId, useRef } from "react";
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
  /** The sizes of the line's colour it can change to (C§4); none for a line without a choice. */
  sizes?: SizeOption[];
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
  sizes,
}: CartLineItemProps) {
  const { t } = useTranslation();
  const sizeSelectId = useId();
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
    // The size stays in the line's text (C§3) beside the choice of another one.
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

  const currentSize = sizes?.find((option) => option.current);
  // C§4: another size of the line's colour. A native select and a submit button, so it works
  // without JavaScript and by keyboard; no submit on change, since arrow keys on a closed select
  // change its value (and fire change) at every step in some browsers.
  const sizeControl =
    !parent && sizes && currentSize ? (
      <fetcher.Form
        method="post"
        action="/cart"
        preventScrollReset
        // Wraps the button under the select where the line is narrow (a phone): no sideways scroll.
        className="flex flex-wrap items-end gap-2"
        data-testid="line-size"
      >
        <input type="hidden" name="intent" value="change-size" />
        <input type="hidden" name="itemId" value={item.id} />
        <input type="hidden" name="redirectTo" value="/cart" />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={sizeSelectId} className="text-sm text-stone-700">
            <span aria-hidden="true">{t("product.size")}</span>
            <span className="sr-only">{t("cart.sizeFor", { name })}</span>
          </label>
          <Select
            // A new current size (after the change) starts the select from it.
            key={currentSize.variantId}
            id={sizeSelectId}
            name="productVariantId"
            defaultValue={currentSize.variantId}
            className="w-44 max-w-full"
          >
            {sizes.map((option) => (
              <option key={option.variantId} value={option.variantId} disabled={option.unavailable}>
                {option.availableQuantity === 0 && !option.current
                  ? t("cart.sizeOptionSoldOut", { size: option.size })
                  : option.unavailable
                    ? t("cart.sizeOptionTooFew", {
                        size: option.size,
                        count: option.availableQuantity,
                      })
                    : t("cart.sizeOptionInStock", {
                        size: option.size,
                        count: option.availableQuantity,
                      })}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          busy={busy}
          aria-label={t("cart.changeSizeOf", { name })}
        >
          {t("cart.changeSize")}
        </Button>
      </fetcher.Form>
    ) : null;

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
          <div className="flex flex-wrap items-end gap-4">
            {sizeControl}
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
          </div>
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
