import type { TFunction } from "i18next";

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/**
 * The page a refused cross-site form post gets (403): small, plain HTML in the shopper's
 * language, no stack, no scripts, nothing from the request echoed back.
 */
export function forbiddenPage(t: TFunction, language: string): string {
  const title = escapeHtml(t("error.forbiddenTitle"));
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
<p>${escapeHtml(t("error.crossSiteForm"))}</p>
<p><a href="/" style="color: #065f46">${escapeHtml(t("error.backHome"))}</a></p>
</main>
</body>
</html>
`;
}
