import type { AppLoadContext } from "@remix-run/node";
import { CAMPAIGN_PARAMS } from "~/modules/analytics/page-location";
import { expireCookie, type StorefrontCookieKey, storefrontCookies } from "./cookies.server";
import { LINKED_LOCALE_PARAM } from "./locale-url";
import { redirectOnSite } from "./redirect-to";

/**
 * The pages a mail's link opens with a `?token=` (issue 38, ADR 0050): the set-new-password page,
 * the login page of the verification link, and the newsletter's confirm and unsubscribe pages.
 * An address with a token is seen by whatever reads the address: the analytics tag's page view,
 * the browser's history, the `Referer` of the page's requests, a screenshot. So the GET of a link
 * moves its token at once into a short-lived cookie of that page's own (`cookies.server.ts`) and
 * answers 303 to the same page without it; the page reads the token from the cookie, as long as
 * it needs it, and expires the cookie once it used the token.
 */
export type LinkTokenPage =
  | "resetPassword"
  | "verifyEmail"
  | "newsletterConfirm"
  | "newsletterUnsubscribe";

const COOKIE_OF = {
  resetPassword: "resetPasswordToken",
  verifyEmail: "verifyEmailToken",
  newsletterConfirm: "newsletterConfirmToken",
  newsletterUnsubscribe: "newsletterUnsubscribeToken",
} as const satisfies Record<LinkTokenPage, StorefrontCookieKey>;

/** Each page's own address, where its link's redirect leads if the request's were no path. */
const PAGE_PATH = {
  resetPassword: "/reset-password/",
  verifyEmail: "/login/",
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
} as const satisfies Record<LinkTokenPage, string>;

/** The query parameter of the mails' links. */
const TOKEN_PARAM = "token";

/** A token longer than this is no token of the shop's (the newsletter's are at most 512). */
const MAX_TOKEN_LENGTH = 512;

/**
 * What the address keeps when the token leaves it: the language and locale the link names, the
 * campaign tagging of a mail, and what the page itself names (`redirectTo` on the login page).
 */
const KEPT_PARAMS: readonly string[] = ["lng", LINKED_LOCALE_PARAM, ...CAMPAIGN_PARAMS];

function cookieOf(page: LinkTokenPage) {
  return storefrontCookies()[COOKIE_OF[page]];
}

/** The requests (by their load context) whose action answered a post to a link's address. */
const answeredPosts = new WeakSet<AppLoadContext>();

/**
 * For an action that answers a post to a link's own address, token and all (a mail program's
 * one-click unsubscribe, RFC 8058): the page that renders the answer is that address, so the
 * loaders of the same request (which Remix calls with a GET of it) leave the token be.
 */
export function answeringPostToLink(context: AppLoadContext): void {
  answeredPosts.add(context);
}

/**
 * For the GET of a link (`/reset-password/?token=…`): throws the 303 to the page's address without
 * the token (the parameters in `KEPT_PARAMS` and `pageParams` kept), which sets the page's token
 * cookie. A token that cannot be one (empty, too long) is dropped all the same, and the cookie
 * expired rather than set: the page then says the link does not work, not an earlier link's state. Does nothing for a request without `token`, and
 * never for a post (the newsletter's one-click unsubscribe posts to the link with its token,
 * RFC 8058). Call it first in the page's loader.
 */
export async function moveLinkTokenToCookie(
  request: Request,
  page: LinkTokenPage,
  { context, pageParams = [] }: { context?: AppLoadContext; pageParams?: readonly string[] } = {},
): Promise<void> {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  if (context && answeredPosts.has(context)) return;
  const url = new URL(request.url);
  if (!url.searchParams.has(TOKEN_PARAM)) return;
  const token = url.searchParams.get(TOKEN_PARAM)?.trim() ?? "";
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (KEPT_PARAMS.includes(name) || pageParams.includes(name)) kept.append(name, value);
  }
  const query = kept.toString();
  const cookie = cookieOf(page);
  const setCookie =
    token && token.length <= MAX_TOKEN_LENGTH
      ? await cookie.serialize(token)
      : await expireCookie(cookie);
  throw redirectOnSite(
    `${url.pathname}${query ? `?${query}` : ""}`,
    { status: 303, headers: { "Set-Cookie": setCookie, "Cache-Control": "private, no-store" } },
    PAGE_PATH[page],
  );
}

/** The token the page's link left in its cookie, if any. */
export async function linkTokenOf(
  request: Request,
  page: LinkTokenPage,
): Promise<string | undefined> {
  const value: unknown = await cookieOf(page).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= MAX_TOKEN_LENGTH
    ? value
    : undefined;
}

/** The `Set-Cookie` that expires the page's token cookie: the token was used. */
export function forgetLinkToken(page: LinkTokenPage): Promise<string> {
  return expireCookie(cookieOf(page));
}
