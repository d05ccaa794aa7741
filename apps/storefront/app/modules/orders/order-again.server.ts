import type { GiftCardLineAttributes, OrderLine } from "@kassa/api-client";
import { isChildLine } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { type LineResult, refusalText } from "~/modules/cart/add-lines";
import { type LinesAsk, putLinesInCart, variantsByParent } from "~/modules/cart/add-lines.server";
import type { Toast } from "~/modules/http/toast.server";

/**
 * Ordering an old order again (issue 32): every parent line that can still be bought goes into the
 * cart, as many as stock and the order limit allow (C§4), at today's price (the cart prices it;
 * the order's prices are never sent). A child line of the order is not added by itself: its
 * parent is added as the product page adds it, with the child items the product has today. A
 * gift card is not bought again: its amount, design and recipient were that order's, so its line
 * says where a new one is bought.
 */
export async function orderAgain(
  request: Request,
  context: AppLoadContext,
  lines: readonly OrderLine[],
  t: TFunction,
): Promise<{ added: number; setCookies: string[]; toast: Omit<Toast, "id"> }> {
  const parents = lines.filter((line) => !isChildLine({ id: line.productVariantId, ...line }));
  const variants = await variantsByParent(
    request,
    parents.filter((line) => !isGiftCard(line)),
    { live: true },
  );
  const asks = parents.map((line): LinesAsk => {
    const variant = isGiftCard(line) ? null : (variants.get(line.productVariantId) ?? null);
    return { quantity: line.quantity, offer: variant?.offer ?? null, variant };
  });
  const { results, setCookies } = await putLinesInCart(request, context, asks, "up-to");
  const added = results.filter((result) => result.kind === "ok").length;
  const notes = results.flatMap((result, index) => {
    const line = parents[index];
    const note = line ? noteOf(t, line, result) : null;
    return note ? [note] : [];
  });
  const title =
    added === 0
      ? t("orders.again.addedNone")
      : added === parents.length
        ? t("orders.again.addedAll")
        : t("orders.again.addedSome", { added, total: parents.length });
  return {
    added,
    setCookies,
    toast: {
      variant: added === 0 ? "error" : notes.length > 0 ? "default" : "success",
      title,
      description: notes.length > 0 ? `${notes.join("; ")}.` : undefined,
    },
  };
}

/** A gift card bought in the order (API.md: its line carries `customAttributes.giftCard`). */
function isGiftCard(line: OrderLine): boolean {
  return Boolean((line.customAttributes as GiftCardLineAttributes).giftCard);
}

/** What the summary says of a line: nothing when it went in whole. */
function noteOf(t: TFunction, line: OrderLine, result: LineResult): string | null {
  // A gift card's own name says its amount ("Presentkort 500 kr").
  const name = [
    isGiftCard(line) ? line.name : (line.customAttributes.parentName ?? line.name),
    line.customAttributes.color,
    line.customAttributes.size,
  ]
    .filter(Boolean)
    .join(", ");
  if (result.kind === "ok") {
    if (!result.limitedBy) return null;
    const reason =
      result.limitedBy === "stock"
        ? t("orders.again.limitedByStock")
        : t("orders.again.limitedByOrderLimit", { limit: result.orderLimit });
    return t("orders.again.limited", {
      name,
      added: result.quantity,
      asked: result.asked,
      reason,
    });
  }
  const reason = isGiftCard(line)
    ? t("orders.again.giftCard")
    : result.reason === "unknown" || result.reason === "not-sold"
      ? t("orders.again.noLongerSold")
      : refusalText(t, result);
  return t("orders.again.refused", { name, reason });
}
