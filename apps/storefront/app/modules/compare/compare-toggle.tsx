import { useTranslation } from "react-i18next";
import { COMPARE_FIELD, useCompare } from "./compare-context";

export interface CompareToggleProps {
  productId: string;
  productName: string;
  /** The id of the page's compare form, which submits the ticked products to `/compare`. */
  formId: string;
}

/**
 * 'Jämför' under a product card: a checkbox of the page's compare form (its `form` attribute), so
 * ticking some and pressing the form's button compares them with or without scripts. The browser
 * does not restore it on Back (`autocomplete="off"`), so a page returned to starts with none.
 */
export function CompareToggle({ productId, productName, formId }: CompareToggleProps) {
  const { t } = useTranslation();
  const compare = useCompare();
  const checked = compare.chosen.some((item) => item.id === productId);
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-700">
      <input
        type="checkbox"
        name={COMPARE_FIELD}
        value={productId}
        data-name={productName}
        form={formId}
        // C§2: the list empties on every route change, Back included: the browser must not tick
        // the boxes again when it restores the page it left (scripts would read them as chosen).
        autoComplete="off"
        className="size-5 accent-emerald-700"
        {...(compare.active
          ? { checked, onChange: () => compare.toggle({ id: productId, name: productName }) }
          : {})}
        data-testid="compare-toggle"
      />
      <span aria-hidden="true">{t("compare.toggle")}</span>
      <span className="sr-only">{t("compare.toggleLabel", { name: productName })}</span>
    </label>
  );
}
