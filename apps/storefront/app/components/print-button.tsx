import { Button } from "@kassa/ui";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * "Print" for an order (issue 32): the browser's print dialog, which the page's print styles
 * (tailwind.css) turn into the order alone. Printing needs a script, so the button shows once the
 * page runs one; without JavaScript the browser's own print gives the same clean page. The click
 * is a React handler, not an inline one, so the CSP stays as strict as it is.
 */
export function PrintButton() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button type="button" variant="secondary" onClick={() => window.print()} data-testid="print">
      {t("confirmation.print")}
    </Button>
  );
}
