import type { Translations } from "../../db/schema.js";

export const LANGUAGES = ["sv", "fi", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Swedish is the shop's default language (C§9 "Defaults: country SE, language SV"). */
export const DEFAULT_LANGUAGE: Language = "sv";

/**
 * The supported language a code names, or undefined. Accepts any case and a region suffix
 * (`SV`, `sv-SE`, `fi_FI`), since clients spell languages in several ways.
 */
export function findLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === primary);
}

/** Product lookups fall back to Swedish for a language the catalogue is not translated into. */
export function languageOrDefault(code: string | null | undefined): Language {
  return findLanguage(code) ?? DEFAULT_LANGUAGE;
}

export function translate(text: Translations, language: Language): string {
  return text[language] || text.sv;
}
