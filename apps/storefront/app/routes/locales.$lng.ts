import { isSupportedLanguage, resources } from "@kassa/i18n";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { TRANSLATIONS_VERSION } from "~/modules/http/translations";

/**
 * `/locales/{language}.json`: the interface's translations in one language, for the browser's
 * i18next (`entry.client.tsx`). Asked for with the build's version (`?v=`), so it is cached as
 * long as a hashed asset; without it (or with an old one) only briefly.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const language = params.lng?.replace(/\.json$/, "");
  if (!isSupportedLanguage(language)) {
    return new Response("Not found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const current = new URL(request.url).searchParams.get("v") === TRANSLATIONS_VERSION;
  return new Response(JSON.stringify(resources[language].common), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
