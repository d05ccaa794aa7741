import { parseWithZod } from "@conform-to/zod/v4";
import {
  ACCOUNT_DETAILS,
  isKassaApiError,
  isUnexpectedError,
  type PlacedOrder,
} from "@kassa/api-client";
import { orderSignupPayloadFrom, orderSignupSchema } from "@kassa/domain";
import { type AppLoadContext, data } from "@remix-run/node";
import { hasLogin } from "~/modules/account/auth.server";
import { keepSignupToken, readSignupToken } from "~/modules/account/signup-token.server";
import { signUpEvent } from "~/modules/analytics/event-builders";
import { pendingEventsCookie } from "~/modules/analytics/pending-events.server";
import {
  readCheckoutToken,
  readConfirmedCheckoutToken,
} from "~/modules/cart/checkout-token.server";
import { checkoutClient } from "~/modules/checkout/checkout-client.server";
import { accountClient } from "~/modules/http/clients.server";
import { config } from "~/modules/http/config.server";
import { languageOf } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { storeGroupOf } from "~/modules/http/store-group.server";

/**
 * The signup from an order (A§3 "the alternate signup form", issue 32) on the order's
 * confirmation: a guest chooses a password and gets an account with the order's name, email,
 * phone and address.
 *
 * Whose order it is, the confirmation page already knows: the checkout token this browser paid
 * with (its cookie, or the confirmed copy kept for an hour, C§2). The order is read again on the
 * platform with that token, never taken from the post: a guest can change a hidden field, not the
 * order. A browser without the token (another browser, a tampered post, an hour later) gets no
 * form and no account.
 */

/** The order this browser paid, read on the platform with its checkout token; null without one. */
export async function orderOfThisBrowser(request: Request): Promise<PlacedOrder | null> {
  const checkoutToken =
    (await readConfirmedCheckoutToken(request)) ?? (await readCheckoutToken(request));
  if (!checkoutToken) return null;
  try {
    const state = await checkoutClient({ checkoutToken }).getCheckout();
    return state.order ?? null;
  } catch (error) {
    // An unknown or expired token is no order of this browser's; a platform that fails is the
    // error page (as for the confirmation's own read).
    if (isKassaApiError(error) && !isUnexpectedError(error) && error.status < 500) return null;
    throw error;
  }
}

/** The form is offered to a guest only: a logged-in shopper's orders are theirs already. */
export async function orderSignupOffered(request: Request): Promise<boolean> {
  return !(await hasLogin(request));
}

/** The notification choices the form shows (A§1: each switched by a setting). */
export function orderSignupChoices() {
  return config().settings.notificationChoices;
}

export type OrderSignupAlert = "no-order" | "account-exists" | "failed";

/** `intent=order-signup` of the confirmation page. */
export async function orderSignupAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: orderSignupSchema });
  const reply = (alert: OrderSignupAlert | null, status: number) =>
    data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        alert,
        confirmEmail: null as string | null,
      },
      { status },
    );
  // The order first: a post from a browser that did not place it is refused whatever it holds.
  const order = (await orderSignupOffered(request)) ? await orderOfThisBrowser(request) : null;
  if (!order) return reply("no-order", 403);
  if (submission.status !== "success") return reply(null, 400);

  const settings = config().settings;
  const [market, language, storeGroup] = await Promise.all([
    marketOf(request),
    languageOf(request),
    storeGroupOf(request),
  ]);
  // A setting that hides a choice (A§1) also keeps it off: nobody ticked it.
  const shown = new Set(settings.notificationChoices);
  const form = {
    ...submission.value,
    allow_email_notifications: shown.has("email") && submission.value.allow_email_notifications,
    allow_phone_notifications: shown.has("sms") && submission.value.allow_phone_notifications,
    allow_postal_notifications: shown.has("postal") && submission.value.allow_postal_notifications,
  };
  // The order's email (where its confirmation went, and what the order lookups read), its buyer.
  const user = orderSignupPayloadFrom({ ...order.billingAddress, email: order.email }, form, {
    language,
    market: market.country,
    storeGroup,
    status: settings.signupUserStatus,
  });
  const accounts = accountClient(context);
  // An earlier unconfirmed signup made in this browser is replaced, not kept beside (ADR 0048).
  const earlier = await readSignupToken(request);
  const created = await accounts.signup(earlier ? { ...user, signup_token: earlier } : user);
  if (!created.ok) {
    if (created.details === ACCOUNT_DETAILS.emailNotVerified) {
      // As the main signup (A§4, A§8): the address was never confirmed; send the link again.
      await accounts.createVerifyLink(user.email);
      return data({
        result: submission.reply({ resetForm: true }),
        alert: null,
        confirmEmail: user.email as string | null,
      });
    }
    // A§8: 'user already exists' says so, as the main signup does (it reveals no more than it).
    return reply(
      created.details === ACCOUNT_DETAILS.userAlreadyExists ? "account-exists" : "failed",
      created.status,
    );
  }
  const signupToken = created.data.signup_token;
  await accounts.createVerifyLink(user.email, { signupToken });
  const headers = headersSettingCookies([
    ...(signupToken ? [await keepSignupToken(signupToken)] : []),
    ...(await pendingEventsCookie(request, [signUpEvent()])),
  ]);
  return data(
    {
      result: submission.reply({ resetForm: true }),
      alert: null,
      confirmEmail: user.email as string | null,
    },
    { headers },
  );
}
