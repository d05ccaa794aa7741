import type { CheckoutGiftCard } from "@kassa/api-client";
import { formatMoney, maskGiftCardCode } from "@kassa/domain";
import { Button, Field, Input } from "@kassa/ui";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

type PageApi = Record<string, (() => void) | undefined>;

/** Calls the provider's page API (`window[scriptApi]`): suspend or resume, by its own names. */
function callProvider(scriptApi: string, method: string) {
  const api = (window as unknown as Record<string, PageApi | undefined>)[scriptApi];
  api?.[method]?.();
}

/**
 * Gift cards on the checkout page: the applied ones with remove buttons, and a box to add one.
 * With JavaScript the provider's widget is suspended while the change is made and resumed after
 * (the widget then shows the new amount); without, the forms post and the page comes back.
 */
export function CheckoutGiftCards({
  giftCards,
  currencyCode,
  locale,
  scriptApi,
  scriptMethods,
}: {
  giftCards: CheckoutGiftCard[];
  currencyCode: string;
  locale: string;
  scriptApi: string;
  /** The provider's names for suspend and resume (Qliro One: lock, unlock). */
  scriptMethods: { suspend: string; resume: string };
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: "checkout-gift-card" });
  const busy = fetcher.state !== "idle";
  const wasBusy = useRef(false);

  useEffect(() => {
    if (busy && !wasBusy.current) callProvider(scriptApi, scriptMethods.suspend);
    if (!busy && wasBusy.current) callProvider(scriptApi, scriptMethods.resume);
    wasBusy.current = busy;
  }, [busy, scriptApi, scriptMethods]);

  const money = (amount: number) => formatMoney(amount, currencyCode, locale);
  return (
    <section
      aria-labelledby="checkout-gift-cards"
      className="mt-4 space-y-3 border-t border-stone-200 pt-4"
    >
      <h3 id="checkout-gift-cards" className="font-medium">
        {t("checkout.giftCards")}
      </h3>
      {giftCards.length > 0 ? (
        <ul className="space-y-2 text-sm" data-testid="checkout-gift-cards">
          {giftCards.map((card) => (
            <li key={card.id} className="flex items-center justify-between gap-2">
              <span>{maskGiftCardCode(card.id)}</span>
              <span className="flex items-center gap-2">
                <span>−{money(card.amount)}</span>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="remove-gift-card" />
                  <input type="hidden" name="giftCardCode" value={card.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={t("checkout.removeGiftCard", { name: maskGiftCardCode(card.id) })}
                  >
                    {t("cart.remove")}
                  </Button>
                </fetcher.Form>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <fetcher.Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="save-gift-card" />
        <Field label={t("checkout.giftCardCode")} id="checkout-gift-card-code">
          <Input
            id="checkout-gift-card-code"
            name="giftCardCode"
            inputMode="numeric"
            autoComplete="off"
            required
          />
        </Field>
        <Field label={t("checkout.giftCardPin")} id="checkout-gift-card-pin">
          <Input
            id="checkout-gift-card-pin"
            name="giftCardPin"
            inputMode="numeric"
            autoComplete="off"
            required
          />
        </Field>
        <Button type="submit" variant="secondary" disabled={busy} className="w-full">
          {t("checkout.applyGiftCard")}
        </Button>
      </fetcher.Form>
    </section>
  );
}
