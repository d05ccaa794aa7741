import type { InitOptions } from "i18next";

/** Languages the interface is complete in; Swedish is the default (A§1, C§9). */
export const SUPPORTED_LANGUAGES = ["sv", "fi", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "sv";
export const DEFAULT_NAMESPACE = "common";

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The i18next options shared by the server and the browser. */
export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: DEFAULT_NAMESPACE,
  ns: [DEFAULT_NAMESPACE],
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
