import { parseOrderError } from "@kassa/domain";
import { Alert } from "@kassa/ui";
import { useTranslation } from "react-i18next";

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
          const message =
            entry.kind === "invalidCountry"
              ? t("orderError.invalidCountry")
              : entry.kind === "giftCardRecipientLimit"
                ? t("orderError.giftCardRecipientLimit", { email: entry.address })
                : entry.kind === "required"
                  ? entry.field
                    ? t("orderError.required", { field: t(`orderError.fields.${entry.field}`) })
                    : t("orderError.fieldRequired")
                  : entry.message;
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
