import { i18nOptions } from "@kassa/i18n";
import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { reportBrowserErrors } from "~/modules/http/client-error-reporter";
import { translationsHref } from "~/modules/http/translations";

// First, so that an error while hydrating is reported too (ADR 0040).
reportBrowserErrors();

/**
 * The translations of one language at a time, fetched as JSON (the page's own language is
 * preloaded by the root's head): the JavaScript carries no translations (issue 15).
 */
const translationsBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    fetch(translationsHref(language))
      .then((response) => {
        if (!response.ok) throw new Error(`translations ${language}: ${response.status}`);
        return response.json() as Promise<ResourceKey>;
      })
      .then(
        (resource) => callback(null, resource),
        (error: Error) => callback(error, null),
      );
  },
};

async function hydrate() {
  await i18next
    .use(translationsBackend)
    .use(initReactI18next)
    .init({
      ...i18nOptions,
      // The server rendered the page in this language; hydrate in the same one (and load no other).
      lng: document.documentElement.lang || i18nOptions.fallbackLng,
      fallbackLng: false,
      load: "currentOnly",
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
