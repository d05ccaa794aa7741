import { i18nOptions, resources } from "@kassa/i18n";
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";

async function hydrate() {
  await i18next.use(initReactI18next).init({
    ...i18nOptions,
    resources,
    // The server rendered the page in this language; hydrate in the same one.
    lng: document.documentElement.lang || i18nOptions.fallbackLng,
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
