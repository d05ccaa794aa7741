import { displayName } from "./display-name.js";

/**
 * A country's name in the page's language: Sweden is "Sverige" on a Swedish page, "Ruotsi" on a
 * Finnish one and "Sweden" on an English one. Markets, addresses and pickers all name countries
 * this way. The names come from the runtime's own CLDR data (`Intl.DisplayNames`), so every
 * language the shop adds gets them without a translation file.
 */
export function countryName(country: string, language: string): string {
  return displayName("region", country, language);
}
