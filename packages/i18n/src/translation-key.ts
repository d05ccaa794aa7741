import type { TranslationResource } from "./resources/sv.js";

/** i18next's plural suffixes: `count_one` and `count_other` are both the key `count`. */
type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

type WithoutPlural<Key extends string> = Key extends `${infer Base}_${PluralSuffix}` ? Base : Key;

type Paths<Tree, Prefix extends string = ""> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? WithoutPlural<`${Prefix}${Key}`>
    : Paths<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

/**
 * Every translation key, dotted (`orders.page.title`; plural keys without their suffix). For
 * helpers that take a translate function: typing it `(key: TranslationKey, options?) => string`
 * keeps the keys checked while sparing tsc i18next's generic `TFunction`, whose return type is
 * costly to infer wherever a result meets an annotated type.
 */
export type TranslationKey = Paths<TranslationResource>;
