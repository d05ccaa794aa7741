import type { TranslationKey } from "@kassa/i18n";
import type { Request, Response } from "express";
import type { TFunction } from "i18next";
import { languageOf, translatorIn } from "../app/modules/http/i18n.server";
import { requestContextOf } from "./request-id";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/**
 * The page a form post the server refuses before Remix sees it gets (a cross-site post, a body too
 * large or too slow): small, plain HTML in the shopper's language, no stack, no scripts, nothing
 * from the request echoed back but its id, as the reference support asks for (ADR 0040).
 */
export function refusalPage(
  t: TFunction,
  language: string,
  message: TranslationKey,
  requestId?: string,
): string {
  const title = escapeHtml(t("error.forbiddenTitle"));
  const reference = requestId
    ? `\n<p style="font-size: 0.75rem; color: #57534e">${escapeHtml(t("error.reference", { requestId }))}</p>`
    : "";
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} – ${escapeHtml(t("meta.siteName"))}</title>
</head>
<body style="font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1c1917">
<main>
<h1>${title}</h1>
<p>${escapeHtml(t(message))}</p>${reference}
<p><a href="/" style="color: #065f46">${escapeHtml(t("error.backHome"))}</a></p>
</main>
</body>
</html>
`;
}

/**
 * Answers `status` with the refusal page in the language of the request's `?lng=` or `lng` cookie
 * (its body is never read for it), and closes the connection after it: what the client may still
 * be sending is not read.
 */
export async function sendRefusal(
  req: Request,
  res: Response,
  status: number,
  message: TranslationKey,
): Promise<void> {
  const language = await languageOf(
    new globalThis.Request(new URL(req.originalUrl, "http://storefront.invalid"), {
      headers: { cookie: req.get("cookie") ?? "" },
    }),
  );
  const t = await translatorIn(language);
  if (res.headersSent || res.destroyed) return;
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "close",
    })
    .send(refusalPage(t, language, message, requestContextOf(req)?.requestId));
}
