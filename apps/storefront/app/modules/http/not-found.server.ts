import { data } from "@remix-run/node";
import { translatorFor } from "./i18n.server";
import type { NotFoundData } from "./not-found";

/**
 * Throws the 404 of a page that does not exist, carrying the translated document title
 * ("Sidan hittades inte – Kassa") for the route's `meta`, and optionally a message that names
 * what was not found. The route's error boundary renders the not-found page.
 */
export async function throwNotFound(request: Request, message?: string): Promise<never> {
  const t = await translatorFor(request);
  const body: NotFoundData = {
    reason: "not-found",
    title: t("error.notFoundDocumentTitle", { siteName: t("meta.siteName") }),
    ...(message ? { message } : {}),
  };
  throw data(body, { status: 404 });
}
