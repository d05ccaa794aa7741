import { en } from "./resources/en.js";
import { fi } from "./resources/fi.js";
import { sv } from "./resources/sv.js";

export {
  DEFAULT_LANGUAGE,
  DEFAULT_NAMESPACE,
  i18nOptions,
  isSupportedLanguage,
  type Language,
  SUPPORTED_LANGUAGES,
} from "./options.js";
export type { TranslationResource } from "./resources/sv.js";
export type { TranslationKey } from "./translation-key.js";
export { en, fi, sv };

/** All translations, keyed by language and namespace, ready for i18next's `resources` option. */
export const resources = {
  sv: { common: sv },
  fi: { common: fi },
  en: { common: en },
} as const;
