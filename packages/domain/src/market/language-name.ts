/**
 * A language's name in that language ("svenska", "suomi", "English"), for a language switcher:
 * each choice is named so that the people who read it can recognise it. From the runtime's CLDR
 * data (`Intl.DisplayNames`).
 */
export function languageName(language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "language" }).of(language) ?? language;
  } catch {
    return language;
  }
}
