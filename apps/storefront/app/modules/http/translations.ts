/**
 * Where the browser gets the page's translations: one language's JSON (`/locales/sv.json`), not
 * every language inside the JavaScript (issue 15: the three languages were 47 KB gzip of the
 * product page's first load). The version is a hash of all translations, taken when the app is
 * built (`vite.config.ts`), so the file is cached for a year and a new build asks for a new one.
 */
export const TRANSLATIONS_VERSION: string = __KASSA_TRANSLATIONS_VERSION__;

export function translationsHref(language: string): string {
  return `/locales/${encodeURIComponent(language)}.json?v=${TRANSLATIONS_VERSION}`;
}
