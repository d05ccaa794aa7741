import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * `shouldRevalidate` of the pages a mail's link opens (ADR 0050): their data comes from the link's
 * token, which their cookie holds under the page's own path (`/reset-password`, `/login`): the
 * document requests carry it, the `.data` requests of scripts (`/reset-password.data`) do not. So
 * while the shopper stays on the page (a cookie choice, a language link, a form's answer) the page
 * keeps the data it was opened with instead of asking again without the token; the rest of the
 * page (the root: language, banner, cart) is read again as always.
 */
export const keepLinkPageData: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);
