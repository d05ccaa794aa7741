import { COMPARE_MAX_PRODUCTS } from "@kassa/domain";
import { Button } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { LINKED_LOCALE_PARAM } from "~/modules/http/locale-url";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { useCompare } from "./compare-context";

/** The path of the comparison page. */
export const COMPARE_PATH = "/compare";

/**
 * The page's compare form (GET `/compare?compare=…`): the ticked checkboxes of the cards belong to
 * it. Without scripts it is a line under the grid with its button; with scripts it follows the
 * shopper as a bar at the bottom of the screen once a product is chosen, naming the chosen ones.
 */
export function CompareForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const compare = useCompare();
  const paths = useLocalePaths();
  const count = compare.chosen.length;
  const floating = compare.active && count > 0;

  return (
    <form
      id={id}
      method="get"
      action={COMPARE_PATH}
      aria-label={t("compare.title")}
      data-testid="compare-form"
      className={`flex flex-wrap items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm ${
        floating ? "fixed inset-x-2 bottom-2 z-30 mx-auto max-w-3xl shadow-lg sm:inset-x-4" : "mt-6"
      }`}
    >
      <p className="flex-1 text-stone-700" role="status">
        {compare.full
          ? t("compare.full", { max: COMPARE_MAX_PRODUCTS })
          : floating
            ? t("compare.chosen", { count, max: COMPARE_MAX_PRODUCTS })
            : t("compare.hint", { max: COMPARE_MAX_PRODUCTS })}
      </p>
      {/* The comparison is read in this page's locale, as a link from it would be. */}
      {paths.linkedLocale ? (
        <input type="hidden" name={LINKED_LOCALE_PARAM} value={paths.linkedLocale} />
      ) : null}
      {floating ? (
        <ul
          className="flex w-full flex-wrap gap-2 sm:order-first sm:w-auto"
          data-testid="compare-chosen"
        >
          {compare.chosen.map((item) => (
            <li key={item.id} className="rounded-full bg-stone-100 px-3 py-1 text-stone-800">
              {item.name}
            </li>
          ))}
        </ul>
      ) : null}
      {floating ? (
        <Button type="button" variant="secondary" onClick={compare.clear}>
          {t("compare.clear")}
        </Button>
      ) : null}
      <Button type="submit" variant={floating ? "primary" : "secondary"}>
        {floating ? t("compare.submitWithCount", { count }) : t("compare.submit")}
      </Button>
    </form>
  );
}
