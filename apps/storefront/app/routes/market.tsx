import { parseWithZod } from "@conform-to/zod/v4";
import { isUnexpectedError } from "@kassa/api-client";
import { countryName, findMarket, marketSchema } from "@kassa/domain";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { newSessionAttributes } from "~/modules/account/company-attributes.server";
import {
  cartTokenCookie,
  loadCartSession,
  moveCart,
  sessionInputFor,
} from "~/modules/cart/cart.server";
import { slugTranslator } from "~/modules/content/shop-pages.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { translatorIn } from "~/modules/http/i18n.server";
import {
  type Locale,
  localePath,
  pathInLocale,
  type SlugTranslator,
} from "~/modules/http/locale-url";
import { redirectOnSite, safeRedirectTo } from "~/modules/http/redirect-to";
import { homeOf } from "~/modules/http/request-locale.server";
import { redirectWithToast } from "~/modules/http/toast.server";

/**
 * Changes the market (C§2 market selector, C§4 market change): the market cookie, the language
 * (prices and language follow the market), and the cart, whose items move into a session of the
 * new market. A public page is answered with the same page in the new market's locale.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: marketSchema });
  if (submission.status !== "success") {
    throw new Response("Bad request", { status: 400 });
  }
  const market = findMarket(submission.value.market);
  if (!market) throw new Response("Unknown market", { status: 400 });
  const language = market.language;
  const t = await translatorIn(language);
  const cookies = storefrontCookies();
  const setCookies = [
    await cookies.market.serialize(market.country),
    await cookies.language.serialize(language),
  ];
  const newLocale: Locale = { country: market.country, language };
  const redirectTo = pathInMarket(
    safeRedirectTo(submission.value.redirectTo),
    newLocale,
    await slugTranslator(),
  );
  // Checked again as it is sent (`redirectWithToast`): the path is rewritten for the new market.
  const home = localePath(newLocale);

  let notMoved: string[] = [];
  // A§4: the new session of a company user's cart carries the company attributes too; a renewed
  // login's cookies go along with the answer.
  const forNewSession = newSessionAttributes(request, context);
  try {
    const current = await loadCartSession(request);
    if (current && current.cart.countryCode !== market.country) {
      const moved = await moveCart(
        current,
        sessionInputFor(market, language, current.cart.storeGroupId),
        context.clientAddress,
        forNewSession.attributes,
      );
      setCookies.push(await cartTokenCookie(moved.token));
      notMoved = moved.notMoved.map((item) => item.customAttributes.parentName || item.name);
    }
  } catch (error) {
    if (!isUnexpectedError(error)) throw error;
    setCookies.push(...forNewSession.setCookies);
    // The market still changes; the cart stays where it was until the platform answers again.
    return redirectWithToast(
      redirectTo,
      { variant: "error", title: t("cart.errorTitle"), description: t("cart.unexpected") },
      setCookies,
      home,
    );
  }

  setCookies.push(...forNewSession.setCookies);
  if (notMoved.length > 0) {
    return redirectWithToast(
      redirectTo,
      {
        variant: "error",
        title: t("market.changed", {
          name: countryName(market.country, language),
          currency: market.currency,
        }),
        description: t("market.itemsNotMoved", { names: notMoved.join(", ") }),
      },
      setCookies,
      home,
    );
  }
  return redirectWithToast(
    redirectTo,
    {
      variant: "success",
      title: t("market.changed", {
        name: countryName(market.country, language),
        currency: market.currency,
      }),
    },
    setCookies,
    home,
  );
}

/**
 * Where the shopper lands: a public page in the new market's locale (`/sv-se/produkt/x` becomes
 * `/fi-fi/tuote/x`, ADR 0037); any other page (the cart, the account) stays, without a `?lng=`
 * that would pin the old language.
 */
function pathInMarket(path: string, locale: Locale, translateSlug: SlugTranslator): string {
  const inLocale = pathInLocale(path, locale, translateSlug);
  if (inLocale) return inLocale;
  const url = new URL(path, "http://storefront.invalid");
  url.searchParams.delete("lng");
  return `${url.pathname}${url.search}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return redirectOnSite(await homeOf(request));
}
