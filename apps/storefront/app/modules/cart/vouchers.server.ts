import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  asPlatformErrorBody,
  DISCOUNT_CODE_ERRORS,
  type DiscountCodeError,
  isKassaApiError,
  isUnexpectedError,
} from "@kassa/api-client";
import {
  maskGiftCardCode,
  splitDiscountMessage,
  type VoucherForm,
  voucherSchema,
} from "@kassa/domain";
import { type AppLoadContext, data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { shopperClient } from "~/modules/http/clients.server";
import { redirectOnSite, safeRedirectTo } from "~/modules/http/redirect-to";
import { redirectWithToast, type Toast } from "~/modules/http/toast.server";
import { type CartSession, loadCartSession } from "./cart.server";
import { clearCheckoutTokenCookie } from "./checkout-token.server";
import {
  MAX_SAVED_GIFT_CARDS,
  readSavedGiftCards,
  savedGiftCardsCookie,
  withSavedGiftCard,
} from "./gift-card-cookie.server";
import type { SavedGiftCardView, VoucherReply } from "./voucher-reply";

/**
 * The voucher panel's posts to the cart route (C§2, C§4, C§5, C§8). A promo code goes to the
 * platform; gift cards are only checked for their shape and saved in the `giftCards` cookie (the
 * checkout applies them). Every success is a 303 with a toast, so it works without JavaScript;
 * a refused code answers the form with the C§8 message for its inline alert.
 */

export async function savedGiftCardViews(request: Request): Promise<SavedGiftCardView[]> {
  return (await readSavedGiftCards(request)).map(({ code }) => ({
    code,
    masked: maskGiftCardCode(code),
    last4: code.slice(-4),
  }));
}

function isDiscountCodeError(value: string): value is DiscountCodeError {
  return (DISCOUNT_CODE_ERRORS as readonly string[]).includes(value);
}

/** Answers the submitting form on the page (with JavaScript: its fetcher's data). */
function reply(payload: VoucherReply, status: number) {
  return data(payload, { status });
}

/**
 * Handles one voucher-panel post. `formData` is the request's, already read; `context` carries the
 * shopper's address, which the platform's per-address limit on discount codes counts.
 */
export async function voucherAction(
  request: Request,
  formData: FormData,
  t: TFunction,
  context: AppLoadContext,
) {
  const redirectTo = safeRedirectTo(formData.get("redirectTo"), "/cart");
  const submission = parseWithZod(formData, { schema: voucherSchema });
  if (submission.status !== "success") {
    const intent = formData.get("intent");
    if (intent === "apply-discount" || intent === "save-gift-card") {
      return reply({ intent, result: submission.reply({ hideFields: ["giftCardPin"] }) }, 400);
    }
    throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  }
  const form = submission.value;
  const toast = (title: string, setCookies: string[] = []) =>
    redirectWithToast(redirectTo, { variant: "success", title }, setCookies);

  switch (form.intent) {
    case "apply-discount":
      return applyDiscount(request, form, submission.reply(), t, redirectTo, context);
    case "remove-discount":
      return removeDiscount(request, form.code, t, redirectTo);
    case "save-gift-card": {
      const cards = withSavedGiftCard(await readSavedGiftCards(request), {
        code: form.giftCardCode,
        pin: form.giftCardPin,
      });
      if (!cards) {
        return reply(
          {
            intent: form.intent,
            result: submission.reply({
              hideFields: ["giftCardPin"],
              fieldErrors: {
                giftCardCode: [t("voucher.giftCardLimit", { max: MAX_SAVED_GIFT_CARDS })],
              },
            }),
          },
          400,
        );
      }
      return toast(t("voucher.giftCardSaved", { last4: form.giftCardCode.slice(-4) }), [
        await savedGiftCardsCookie(cards),
      ]);
    }
    case "remove-gift-card": {
      const cards = await readSavedGiftCards(request);
      const kept = cards.filter((card) => card.code !== form.giftCardCode);
      if (kept.length === cards.length) throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
      return toast(t("voucher.giftCardRemoved"), [await savedGiftCardsCookie(kept)]);
    }
  }
}

type ApplyDiscount = Extract<VoucherForm, { intent: "apply-discount" }>;

/** The cart to change, or null when there is none (the page then shows the cart as it is). */
async function currentSession(request: Request): Promise<CartSession | null> {
  return loadCartSession(request).catch(() => null);
}

async function applyDiscount(
  request: Request,
  form: ApplyDiscount,
  result: SubmissionResult<string[]>,
  t: TFunction,
  redirectTo: string,
  context: AppLoadContext,
) {
  // C§5: an empty promo code does nothing.
  const code = form.discountCode;
  if (!code) throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  const session = await currentSession(request);
  if (!session) throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  try {
    const { cart } = await shopperClient(session.token, context.clientAddress).addDiscountCode(
      code,
    );
    const added = cart.discountCodes.at(-1)?.code ?? code;
    // C§4: the cart is replaced, and a checkout of the old cart is no longer valid.
    return redirectWithToast(
      redirectTo,
      { variant: "success", title: t("voucher.codeApplied", { code: added }) },
      [await clearCheckoutTokenCookie()],
    );
  } catch (error) {
    if (isKassaApiError(error) && error.status === 429) {
      // Too many codes tried (the platform's limit against guessing): say how long to wait.
      const message = t("voucher.tooManyCodes", { minutes: minutesToWait(error.headers) });
      return reply(
        { intent: "apply-discount", result, alert: splitDiscountMessage(message) },
        error.status,
      );
    }
    if (isKassaApiError(error) && isDiscountCodeError(error.message)) {
      const message = t(`voucher.discountErrors.${error.message}`, { code });
      return reply(
        { intent: "apply-discount", result, alert: splitDiscountMessage(message) },
        error.status,
      );
    }
    return redirectWithToast(redirectTo, unknownErrorToast(error, t, "voucher.errorTitle"));
  }
}

/** Whole minutes until `Retry-After` has passed, at least one (15 when the header is missing). */
function minutesToWait(headers: Headers | undefined): number {
  const seconds = Number(headers?.get("retry-after"));
  return Math.max(1, Math.ceil((Number.isFinite(seconds) && seconds > 0 ? seconds : 900) / 60));
}

async function removeDiscount(request: Request, code: string, t: TFunction, redirectTo: string) {
  const session = await currentSession(request);
  if (!session) throw redirectOnSite(redirectTo, { status: 303 }, "/cart");
  try {
    await shopperClient(session.token).removeDiscountCode(code);
  } catch (error) {
    // Already gone (another tab): the cart is as the shopper wanted it.
    const gone =
      isKassaApiError(error) && error.status === 404 && error.message === "MISSING_DISCOUNT_CODE";
    if (!gone) {
      return redirectWithToast(redirectTo, unknownErrorToast(error, t, "voucher.removeErrorTitle"));
    }
  }
  return redirectWithToast(
    redirectTo,
    { variant: "success", title: t("voucher.codeRemoved", { code }) },
    [await clearCheckoutTokenCookie()],
  );
}

/**
 * C§8: a failure that is not one of the discount-code errors shows as a toast with the server's
 * own text when it sent one, else 'An unexpected error occurred'. Anything but a backend failure
 * is a bug and goes to the error boundary.
 */
function unknownErrorToast(
  error: unknown,
  t: TFunction,
  title: "voucher.errorTitle" | "voucher.removeErrorTitle",
): Omit<Toast, "id"> {
  if (!isKassaApiError(error)) throw error;
  const description = isUnexpectedError(error)
    ? t("voucher.unexpected")
    : asPlatformErrorBody(error.body)?.message || error.message;
  return { variant: "error", title: t(title), description };
}
