import type { Translations } from "../../db/schema.js";
import { type Language, translate } from "./language.js";

export interface NamedVariant {
  color: Translations | null;
  size: string | null;
}

/** What tells a variant apart from its siblings: `Marinblå, M`, `Marinblå`, `M`, or nothing. */
export function variantDetails(variant: NamedVariant, language: Language): string {
  return [variant.color ? translate(variant.color, language) : null, variant.size]
    .filter((part): part is string => Boolean(part))
    .join(", ");
}

/** The variant's own name: its details, or the product's name when it has none. */
export function variantName(variant: NamedVariant, parentName: string, language: Language): string {
  return variantDetails(variant, language) || parentName;
}

/** The name a cart line shows: `Ulltröja Fjäll – Marinblå, M`. */
export function variantDisplayName(
  variant: NamedVariant,
  parentName: string,
  language: Language,
): string {
  const details = variantDetails(variant, language);
  return details ? `${parentName} – ${details}` : parentName;
}
