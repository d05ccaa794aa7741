import { displayName } from "./display-name.js";

/**
 * The shop's languages named in themselves, as CLDR names them. Fixed here rather than read from
 * the runtime: engines ship different CLDR data, and a name the server renders must be the very
 * text the browser renders when it hydrates the page. WebKit (Safari, every iPhone browser) names
 * Swedish "Svenska" where Node says "svenska", and that one letter made React's hydration fail on
 * every page with the language switcher (issue 39), leaving the page's buttons dead.
 */
const SHOP_LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map([
  ["sv", "svenska"],
  ["fi", "suomi"],
  ["en", "English"],
]);

/**
 * A language's name in that language ("svenska", "suomi", "English"), for a language switcher:
 * each choice is named so that the people who read it can recognise it. The shop's own languages
 * from the fixed table above, any other from the runtime's CLDR data (`Intl.DisplayNames`),
 * which only the server should render.
 */
export function languageName(language: string): string {
  return SHOP_LANGUAGE_NAMES.get(language) ?? displayName("language", language, language);
}
