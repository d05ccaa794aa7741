import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { accountClient } from "~/modules/http/clients.server";
import { logoutCookies, storefrontCookies } from "~/modules/http/cookies.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { homeOf } from "~/modules/http/request-locale.server";
import { redirectWithToast } from "~/modules/http/toast.server";

/**
 * Logging out (A§9, C§4): revokes the refresh token on the platform and expires every cookie that
 * is a person's (`logoutCookies`): user and refresh tokens, user id, store group, cart, checkout,
 * the confirmed checkout, the Avarda purchase token, the saved gift cards, the wishlist. Market and
 * language stay: they are the browser's choice, not the user's (`KEPT_ON_LOGOUT` says what else).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = await translatorFor(request);
  const refreshToken = await storefrontCookies().refreshToken.parse(request.headers.get("Cookie"));
  if (typeof refreshToken === "string" && refreshToken) {
    // Logging out must work even when the platform does not answer.
    await accountClient(context)
      .logout(refreshToken)
      .catch(() => undefined);
  }
  return redirectWithToast(
    await homeOf(request),
    { variant: "default", title: t("account.loggedOut") },
    await logoutCookies(),
  );
}

/** Logging out changes state, so it is a post; a plain visit goes home. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectOnSite(await homeOf(request));
}
