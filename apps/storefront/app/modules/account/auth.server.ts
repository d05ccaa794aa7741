import type { CurrentUser, LoginResult, TokenPair } from "@kassa/api-client";
import { findStoreGroup } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import { accountClient } from "~/modules/http/clients.server";
import { expireCookie, storefrontCookies } from "~/modules/http/cookies.server";
import { redirectOnSite } from "~/modules/http/redirect-to";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";

/**
 * Who is logged in. The user token (a short-lived access token) and the refresh token live in
 * httpOnly cookies (A§9); the user record is fetched only when a token exists (C§6), and an
 * expired access token is renewed once with the refresh token.
 */

async function readCookie(request: Request, cookie: keyof ReturnType<typeof storefrontCookies>) {
  const jar = storefrontCookies()[cookie];
  if (!("parse" in jar)) return undefined;
  const value = await jar.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export async function readAccessToken(request: Request) {
  return readCookie(request, "userToken");
}

/** True when the request carries a login (without asking the platform). */
export async function hasLogin(request: Request): Promise<boolean> {
  return Boolean(
    (await readCookie(request, "userId")) ?? (await readCookie(request, "refreshToken")),
  );
}

/** The cookies that hold a fresh pair of tokens. */
export async function tokenCookies(tokens: TokenPair): Promise<string[]> {
  const cookies = storefrontCookies();
  return [
    await cookies.userToken.serialize(tokens.access_token),
    await cookies.refreshToken.serialize(tokens.refresh_token),
  ];
}

/** The cookies a successful login writes: tokens, user id and the user's store group (A§9). */
export async function loginCookies(login: LoginResult): Promise<string[]> {
  const cookies = storefrontCookies();
  const storeGroup = findStoreGroup(login.user.store_group_id);
  const written = [...(await tokenCookies(login)), await cookies.userId.serialize(login.user.id)];
  if (storeGroup) {
    written.push(await cookies.storeGroupId.serialize(storeGroup.id));
    written.push(await cookies.storeGroupSlug.serialize(storeGroup.slug));
  }
  return written;
}

/** The cookies that forget the login (but keep the cart and market). */
export async function forgetLoginCookies(): Promise<string[]> {
  const cookies = storefrontCookies();
  return Promise.all(
    [
      cookies.userToken,
      cookies.refreshToken,
      cookies.userId,
      cookies.storeGroupId,
      cookies.storeGroupSlug,
    ].map(expireCookie),
  );
}

export interface CurrentLogin {
  user: CurrentUser | null;
  accessToken?: string;
  /** Cookies to send with the answer: renewed tokens, or a login that is no longer valid forgotten. */
  setCookies: string[];
}

/**
 * One answer per request: a page may ask in more than one place (the checkout links its customer
 * and draws the customer card), and a refresh token can be used only once, so a second renewal
 * within the same request would log the user out.
 */
const loginsOfRequests = new WeakMap<Request, Promise<CurrentLogin>>();

/** The logged-in user, renewing the access token once when it has expired. */
export function currentLogin(request: Request, context: AppLoadContext): Promise<CurrentLogin> {
  let login = loginsOfRequests.get(request);
  if (!login) {
    login = fetchCurrentLogin(request, context);
    loginsOfRequests.set(request, login);
  }
  return login;
}

async function fetchCurrentLogin(request: Request, context: AppLoadContext): Promise<CurrentLogin> {
  const accessToken = await readAccessToken(request);
  const refreshToken = await readCookie(request, "refreshToken");
  if (!accessToken && !refreshToken) return { user: null, setCookies: [] };

  if (accessToken) {
    // Every page a logged-in shopper opens reads this: a page's read deadline.
    const result = await accountClient(context, accessToken, "read").getUser();
    if (result.ok) return { user: result.data, accessToken, setCookies: [] };
    if (result.status !== 401) return { user: null, setCookies: [] };
  }
  if (refreshToken) {
    const renewed = await accountClient(context).refreshToken(refreshToken);
    if (renewed.ok) {
      const result = await accountClient(context, renewed.data.access_token, "read").getUser();
      if (result.ok) {
        return {
          user: result.data,
          accessToken: renewed.data.access_token,
          setCookies: await tokenCookies(renewed.data),
        };
      }
    }
  }
  return { user: null, setCookies: await forgetLoginCookies() };
}

/**
 * The logged-in user, or a redirect to the login page that comes back here afterwards. Only a
 * logged-in user reaches account pages (A§6).
 */
export async function requireLogin(
  request: Request,
  context: AppLoadContext,
): Promise<CurrentLogin & { user: CurrentUser; accessToken: string }> {
  const login = await currentLogin(request, context);
  if (!login.user || !login.accessToken) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw redirectOnSite(
      `/login?redirectTo=${encodeURIComponent(back)}`,
      { headers: headersSettingCookies(login.setCookies) },
      "/login",
    );
  }
  return login as CurrentLogin & { user: CurrentUser; accessToken: string };
}
