import type { ProductVariant } from "@kassa/api-client";

/**
 * Which variant a product page shows, and the colour and size choices around it. Choices are
 * links (`?color=…&size=…`), so choosing works without JavaScript and every choice has a URL.
 */

export interface VariantOption {
  value: string;
  label: string;
  href: string;
  disabled: boolean;
  swatchHex?: string;
}

type IsBuyable = (variantId: string) => boolean;

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * The variant named by `?variant=`, else the one matching `?color=` and `?size=`, else the first
 * buyable one among those matching what was given, else the first buyable one at all.
 */
export function chooseVariant(
  variants: readonly ProductVariant[],
  params: URLSearchParams,
  isBuyable: IsBuyable,
): ProductVariant | undefined {
  const byId = params.get("variant");
  if (byId) {
    const found = variants.find((variant) => variant.id === byId);
    if (found) return found;
  }
  const color = params.get("color");
  const size = params.get("size");
  const candidates = variants.filter(
    (variant) => (!color || variant.color === color) && (!size || variant.size === size),
  );
  const pool =
    candidates.length > 0
      ? candidates
      : variants.filter((variant) => !color || variant.color === color);
  const fromPool = pool.length > 0 ? pool : variants;
  return fromPool.find((variant) => isBuyable(variant.id)) ?? fromPool[0];
}

function hrefFor(pathname: string, color: string | undefined, size: string | undefined): string {
  const params = new URLSearchParams();
  if (color) params.set("color", color);
  if (size) params.set("size", size);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function variantOptions(
  variants: readonly ProductVariant[],
  selected: ProductVariant | undefined,
  pathname: string,
  isBuyable: IsBuyable,
): { colors: VariantOption[]; sizes: VariantOption[] } {
  const colors = unique(
    variants.map((variant) => variant.color).filter((color): color is string => Boolean(color)),
  );
  const colorOptions = colors.map((color) => {
    const ofColor = variants.filter((variant) => variant.color === color);
    const keepsSize = ofColor.some((variant) => variant.size === selected?.size);
    return {
      value: color,
      label: color,
      href: hrefFor(pathname, color, keepsSize ? selected?.size : undefined),
      disabled: !ofColor.some((variant) => isBuyable(variant.id)),
      swatchHex: ofColor[0]?.colorHex,
    };
  });

  const sameColor = variants.filter(
    (variant) => !selected?.color || variant.color === selected.color,
  );
  const sizes = unique(
    sameColor.map((variant) => variant.size).filter((size): size is string => Boolean(size)),
  );
  const sizeOptions = sizes.map((size) => {
    const variant = sameColor.find((candidate) => candidate.size === size);
    return {
      value: size,
      label: size,
      href: hrefFor(pathname, selected?.color, size),
      disabled: !variant || !isBuyable(variant.id),
    };
  });
  return { colors: colorOptions, sizes: sizeOptions };
}
