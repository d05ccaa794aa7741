import { TOAST_WIDTH_PX } from "@kassa/domain";
import { Alert, Toaster, type ToastMessage } from "@kassa/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/modules/http/toast.server";

/**
 * Shows the flash toast of the current page. Before hydration (and always without JavaScript)
 * it is a plain alert in the page; once React runs it is a Radix toast (4 s, bottom-right).
 */
export function ToastHost({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<ToastMessage[]>([]);

  useEffect(() => {
    if (!toast) return;
    setToasts((current) =>
      current.some((item) => item.id === toast.id) ? current : [...current, toast],
    );
  }, [toast]);

  if (!hydrated) {
    if (!toast) return null;
    return (
      <div
        className="fixed bottom-4 right-4 z-50 max-w-[calc(100vw-2rem)]"
        // C§9: the toast width, as the Radix toasts have it.
        style={{ width: TOAST_WIDTH_PX }}
        data-testid="flash"
      >
        <Alert
          variant={
            toast.variant === "error" ? "error" : toast.variant === "success" ? "success" : "info"
          }
          title={toast.title}
          role={toast.variant === "error" ? "alert" : "status"}
        >
          {toast.description}
        </Alert>
      </div>
    );
  }

  return (
    <Toaster
      toasts={toasts}
      closeLabel={t("toast.close")}
      onDismiss={(id) => setToasts((current) => current.filter((item) => item.id !== id))}
    />
  );
}
