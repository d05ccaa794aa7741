import {
  i18nOptions,
  isSupportedLanguage,
  type Language,
  resources,
  SUPPORTED_LANGUAGES,
} from "@kassa/i18n";
import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * One initialised i18next instance per language for the whole process. Initialising an instance
 * per request showed in the storefront's profile; the resources are bundled and never change, and
 * nothing on the server changes an instance's language, so requests can share them.
 */
const instances = new Map<Language, Promise<I18n>>();

export function i18nInstance(language: string): Promise<I18n> {
  const lng: Language = isSupportedLanguage(language) ? language : SUPPORTED_LANGUAGES[0];
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nOptions, resources, lng })
      .then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}
