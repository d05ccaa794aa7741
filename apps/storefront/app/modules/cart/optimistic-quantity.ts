import { quantityChange } from "@kassa/domain";

/**
 * The quantity a cart line shows while its change is on the way (C§4: changes apply
 * optimistically); when the answer comes back the loader's cart replaces it, which is also the
 * roll-back when the change failed. 0 means the line is being removed.
 */
export function optimisticQuantity(current: number, formData: FormData | undefined): number {
  if (!formData) return current;
  const intent = formData.get("intent");
  if (intent === "remove") return 0;
  if (intent === "increase" || intent === "decrease") {
    const change = quantityChange(current, intent);
    return change.type === "remove" ? 0 : change.quantity;
  }
  if (intent === "set-quantity") {
    const value = Number(formData.get("quantity"));
    return Number.isInteger(value) && value > 0 ? value : current;
  }
  return current;
}
