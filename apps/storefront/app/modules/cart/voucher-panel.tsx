import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { applyDiscountSchema, saveGiftCardSchema } from "@kassa/domain";
import { Alert, Button, Field, FieldErrors, Input } from "@kassa/ui";
import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateErrors } from "~/modules/http/form-errors";
import type { SavedGiftCardView, VoucherReply } from "./voucher-reply";

/** Fetchers whose answer changes the cart's totals start with this (the summary shows placeholders). */
export const DISCOUNT_FETCHER_PREFIX = "voucher-discount";

const APPLY_FETCHER = `${DISCOUNT_FETCHER_PREFIX}:apply`;
const GIFT_CARD_FETCHER = "voucher-gift-card:save";

export interface VoucherPanelProps {
  discountCodes: { code: string }[];
  giftCards: SavedGiftCardView[];
  /** C§2 `giftCardEnabled`: the gift-card box is shown. */
  giftCardsEnabled: boolean;
  /** The cart's revision: a changed cart empties the promo-code box. */
  revision: number;
  /** The action's answer when the page itself was posted (without JavaScript). */
  pageReply?: VoucherReply;
}

/**
 * The voucher and gift-card panel of the cart (C§2): the promo-code box, the applied codes with
 * their remove buttons and, when `giftCardEnabled`, the gift-card box (code and pin) with the saved
 * cards. Every control is a form posting to `/cart` with an `intent`; with JavaScript they go
 * through fetchers, so the page stays where it is.
 */
export function VoucherPanel({
  discountCodes,
  giftCards,
  giftCardsEnabled,
  revision,
  pageReply,
}: VoucherPanelProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="voucher-title"
      data-testid="voucher-panel"
      className="flex min-w-0 flex-col gap-5 border-t border-stone-200 pt-4"
    >
      <h3 id="voucher-title" className="text-base font-semibold text-stone-900">
        {t("voucher.title")}
      </h3>
      <DiscountCodeBox
        key={`discount-${revision}`}
        pageReply={pageReply?.intent === "apply-discount" ? pageReply : undefined}
      />
      {discountCodes.length > 0 ? (
        <div>
          <h4 className="text-sm font-medium text-stone-900">{t("voucher.appliedCodes")}</h4>
          <ul className="mt-2 flex flex-col gap-2" data-testid="applied-codes">
            {discountCodes.map(({ code }) => (
              <AppliedCode key={code} code={code} />
            ))}
          </ul>
        </div>
      ) : null}
      {giftCardsEnabled ? (
        <>
          <GiftCardBox
            key={`gift-card-${giftCards.map((card) => card.code).join(",")}`}
            pageReply={pageReply?.intent === "save-gift-card" ? pageReply : undefined}
          />
          {giftCards.length > 0 ? (
            <div>
              <h4 className="text-sm font-medium text-stone-900">{t("voucher.savedGiftCards")}</h4>
              <ul className="mt-2 flex flex-col gap-2" data-testid="saved-gift-cards">
                {giftCards.map((card) => (
                  <SavedGiftCard key={card.code} card={card} />
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The answer of a fetcher, or of the page's own post when JavaScript is off. */
function answerOf(fetcherData: unknown, pageReply: VoucherReply | undefined) {
  return (fetcherData as VoucherReply | undefined) ?? pageReply;
}

function DiscountCodeBox({ pageReply }: { pageReply?: VoucherReply }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: APPLY_FETCHER });
  const pending = fetcher.state !== "idle";
  const answer = pending ? undefined : answerOf(fetcher.data, pageReply);
  const [form, fields] = useForm({
    id: "apply-discount",
    lastResult: answer?.result,
    constraint: getZodConstraint(applyDiscountSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applyDiscountSchema }),
    onSubmit(event, { formData }) {
      // C§5: an empty promo code does nothing.
      if (!String(formData.get("discountCode") ?? "").trim()) event.preventDefault();
    },
  });
  const field = fields.discountCode;
  const errors = translateErrors(field.errors, t);
  const alert = answer?.alert;

  return (
    <fetcher.Form
      method="post"
      action="/cart"
      preventScrollReset
      {...getFormProps(form)}
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value="apply-discount" />
      <input type="hidden" name="redirectTo" value="/cart" />
      <label htmlFor={field.id} className="text-sm font-medium text-stone-900">
        {t("voucher.promoCode")}
      </label>
      <div className="flex gap-2">
        <Input
          {...getInputProps(field, { type: "text" })}
          className="min-w-0 flex-1"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${field.id}-errors` : undefined}
        />
        <Button type="submit" variant="secondary" busy={pending} className="shrink-0">
          {t("voucher.apply")}
        </Button>
      </div>
      <FieldErrors id={field.id} errors={errors} />
      {alert ? (
        <Alert variant="error" title={alert.title}>
          {alert.body || null}
        </Alert>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * A line of the applied codes or saved cards: its text and a remove button, a form of its own that
 * posts `intent` and `fields` (through a fetcher with JavaScript).
 */
function RemovableEntry({
  fetcherKey,
  intent,
  fields,
  removeLabel,
  className,
  children,
}: {
  fetcherKey: string;
  intent: "remove-discount" | "remove-gift-card";
  fields: Record<string, string>;
  removeLabel: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: fetcherKey });
  const pending = fetcher.state !== "idle";
  return (
    <li
      className={`flex items-center justify-between gap-3 rounded-lg py-1 pl-3 text-sm ${className}`}
      aria-busy={pending || undefined}
    >
      <span className="min-w-0 font-mono break-all">{children}</span>
      <fetcher.Form method="post" action="/cart" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="redirectTo" value="/cart" />
        <Button type="submit" variant="ghost" size="sm" busy={pending} aria-label={removeLabel}>
          {t("cart.remove")}
        </Button>
      </fetcher.Form>
    </li>
  );
}

function AppliedCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <RemovableEntry
      fetcherKey={`${DISCOUNT_FETCHER_PREFIX}:remove:${code}`}
      intent="remove-discount"
      fields={{ code }}
      removeLabel={t("voucher.removeCode", { code })}
      className="bg-emerald-50 font-medium text-emerald-900"
    >
      {code}
    </RemovableEntry>
  );
}

function GiftCardBox({ pageReply }: { pageReply?: VoucherReply }) {
  const { t } = useTranslation();
  const fetcher = useFetcher({ key: GIFT_CARD_FETCHER });
  const pending = fetcher.state !== "idle";
  const answer = pending ? undefined : answerOf(fetcher.data, pageReply);
  // No HTML constraints from the schema: its pattern would make a browser without JavaScript
  // refuse a code typed with spaces, which the server removes (C§5).
  const [form, fields] = useForm({
    id: "save-gift-card",
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveGiftCardSchema }),
  });

  return (
    <fetcher.Form
      method="post"
      action="/cart"
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="gift-card-title"
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="intent" value="save-gift-card" />
      <input type="hidden" name="redirectTo" value="/cart" />
      <div>
        <h4 id="gift-card-title" className="text-sm font-medium text-stone-900">
          {t("voucher.giftCard")}
        </h4>
        <p className="text-sm text-stone-600">{t("voucher.giftCardHint")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem]">
        <Field
          label={t("voucher.giftCardCode")}
          id={fields.giftCardCode.id}
          errors={translateErrors(fields.giftCardCode.errors, t)}
          className="min-w-0"
        >
          <Input
            {...getInputProps(fields.giftCardCode, { type: "text" })}
            autoComplete="off"
            inputMode="text"
            spellCheck={false}
          />
        </Field>
        <Field
          label={t("voucher.giftCardPin")}
          id={fields.giftCardPin.id}
          errors={translateErrors(fields.giftCardPin.errors, t)}
          className="min-w-0"
        >
          <Input {...getInputProps(fields.giftCardPin, { type: "password" })} autoComplete="off" />
        </Field>
      </div>
      <Button type="submit" variant="secondary" busy={pending} className="w-full">
        {pending ? t("voucher.savingGiftCard") : t("voucher.saveGiftCard")}
      </Button>
    </fetcher.Form>
  );
}

function SavedGiftCard({ card }: { card: SavedGiftCardView }) {
  const { t } = useTranslation();
  return (
    <RemovableEntry
      fetcherKey={`voucher-gift-card:remove:${card.code}`}
      intent="remove-gift-card"
      fields={{ giftCardCode: card.code }}
      removeLabel={t("voucher.removeGiftCard", { last4: card.last4 })}
      className="bg-stone-100 text-stone-900"
    >
      {card.masked}
    </RemovableEntry>
  );
}
