import { type OrderErrorEntry, parseOrderError } from "@kassa/domain";
import { Alert } from "@kassa/ui";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** The sentence the card shows for one error: translated when the text is known. */
function messageOf(entry: OrderErrorEntry, t: TFunction): string {
  switch (entry.kind) {
    case "invalidCountry":
      return t("orderError.invalidCountry");
    case "giftCardRecipientLimit":
      return t("orderError.giftCardRecipientLimit", { email: entry.address });
    case "required":
      return entry.field
        ? t("orderError.required", { field: t(`orderError.fields.${entry.field}`) })
        : t("orderError.fieldRequired");
    // The platform would not place an order for a payment that did not add up (ADR 0030).
    case "paymentMismatch":
    case "cartChanged":
    case "paymentEnded":
      return t(`orderError.${entry.kind}`);
    default:
      return entry.message;
  }
}

/**
 * The order error card (C§2, C§8): 'order could not be processed', the fields to fix, and a
 * reference number. Known texts are translated; `path: message` is split into label and message.
 */
export function OrderErrorCard({ errors, reference }: { errors: string[]; reference?: string }) {
  const { t } = useTranslation();
  return (
    <Alert variant="error" title={t("orderError.title")}>
      <p>{t("orderError.intro")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="order-errors">
        {errors.map((text) => {
          const entry = parseOrderError(text);
          const label = entry.field ? t(`orderError.fields.${entry.field}`) : entry.path;
          const message = messageOf(entry, t);
          return (
            <li key={text}>
              {entry.kind === "other" && label ? (
                <>
                  <span className="font-medium">{label}:</span> {message}
                </>
              ) : (
                message
              )}
            </li>
          );
        })}
      </ul>
      {reference ? (
        <p className="mt-2 text-sm">{t("orderError.reference", { requestId: reference })}</p>
      ) : null}
    </Alert>
  );
}
