import { GIFT_CARD_ERRORS, isKassaApiError, isUnexpectedError } from "@kassa/api-client";
import { removeGiftCardSchema, saveGiftCardSchema } from "@kassa/domain";
import type { AppLoadContext } from "@remix-run/node";
import type { TFunction } from "i18next";
import { readCheckoutToken } from "~/modules/cart/checkout-token.server";
import {
  MAX_SAVED_GIFT_CARDS,
  readSavedGiftCards,
  savedGiftCardsCookie,
  withSavedGiftCard,
} from "~/modules/cart/gift-card-cookie.server";
import { localeOf } from "~/modules/http/request-locale.server";
import type { Toast } from "~/modules/http/toast.server";
import { shopUrls } from "./checkout.server";
import { checkoutClient } from "./checkout-client.server";
import { adapterFor } from "./payment-providers/index.server";

export interface GiftCardChange {
  toast: Omit<Toast, "id">;
  setCookies: string[];
}

/** C§8: the gift-card texts the shop translates; anything else shows the server's message. */
function giftCardErrorText(error: unknown, t: TFunction): string {
  if (isKassaApiError(error) && !isUnexpectedError(error)) {
    // The platform's limit against guessing pins (per session, address and card).
    if (error.status === 429) return t("voucher.giftCardErrors.tooManyAttempts");
    if (error.message === GIFT_CARD_ERRORS.unableToAdd)
      return t("voucher.giftCardErrors.unableToAdd");
    if (error.message === GIFT_CARD_ERRORS.insufficientBalance) {
      return t("voucher.giftCardErrors.insufficientBalance");
    }
    return error.message;
  }
  if (isUnexpectedError(error)) return t("voucher.unexpected");
  throw error;
}

/**
 * A gift card added or removed on the checkout page: applied to (or removed from) the checkout at
 * once, kept in (or dropped from) the saved list, and the provider's payment updated to the new
 * amount. The page suspends the provider's widget meanwhile and resumes it after (C§4 pattern).
 */
export async function changeCheckoutGiftCard(
  request: Request,
  formData: FormData,
  t: TFunction,
  context: AppLoadContext,
): Promise<GiftCardChange> {
  const checkoutToken = await readCheckoutToken(request);
  const intent = formData.get("intent");
  const schema = intent === "remove-gift-card" ? removeGiftCardSchema : saveGiftCardSchema;
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (!checkoutToken || !parsed.success) {
    const first = parsed.success ? undefined : parsed.error.issues[0]?.message;
    return {
      toast: {
        variant: "error",
        title: t("checkout.errorTitle"),
        description: first ? t(first as "validation.invalid") : t("checkout.unexpected"),
      },
      setCookies: [],
    };
  }
  const client = checkoutClient({ checkoutToken }, context.clientAddress);
  const saved = await readSavedGiftCards(request);
  const setCookies: string[] = [];
  let toast: Omit<Toast, "id">;
  try {
    if (parsed.data.intent === "remove-gift-card") {
      const code = parsed.data.giftCardCode;
      await client.removeGiftCard(code).catch((error) => {
        // A card only saved, never applied to this checkout, is simply forgotten.
        if (!(isKassaApiError(error) && error.status === 404)) throw error;
      });
      setCookies.push(await savedGiftCardsCookie(saved.filter((card) => card.code !== code)));
      toast = { variant: "default", title: t("checkout.giftCardRemoved") };
    } else {
      const card = { code: parsed.data.giftCardCode, pin: parsed.data.giftCardPin };
      const next = withSavedGiftCard(saved, card);
      // C§4 keeps at most five: a sixth is refused before it is drawn on, as on the cart. Applied
      // and not saved, it would be dropped without a word by the next checkout.
      if (!next) {
        return {
          toast: {
            variant: "error",
            title: t("voucher.giftCard"),
            description: t("voucher.giftCardLimit", { max: MAX_SAVED_GIFT_CARDS }),
          },
          setCookies,
        };
      }
      await client.applyGiftCard(card.code, card.pin);
      setCookies.push(await savedGiftCardsCookie(next));
      toast = { variant: "success", title: t("checkout.giftCardApplied") };
    }
  } catch (error) {
    return {
      toast: {
        variant: "error",
        title: t("voucher.giftCard"),
        description: giftCardErrorText(error, t),
      },
      setCookies,
    };
  }
  // The provider's payment follows the new amount (Klarna updates its order, Qliro and Avarda sync).
  const { checkout } = await client.getCheckout();
  const adapter = adapterFor(checkout.paymentProvider);
  if (adapter) {
    const embed = await adapter.open({
      checkoutToken,
      checkout,
      urls: shopUrls(await localeOf(request), t, adapter.confirmationKey),
      request,
    });
    setCookies.push(...(embed.setCookies ?? []));
  }
  return { toast, setCookies };
}
