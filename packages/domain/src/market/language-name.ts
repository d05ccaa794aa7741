import { displayName } from "./display-name.js";

/**
 * A language's name in that language ("svenska", "suomi", "English"), for a language switcher:
 * each choice is named so that the people who read it can recognise it. From the runtime's CLDR
 * data (`Intl.DisplayNames`).
 */
export function languageName(language: string): string {
  return displayName("language", language, language);
}
