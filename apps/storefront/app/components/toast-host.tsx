import { TOAST_WIDTH_PX } from "@kassa/domain";
import { Alert, Toaster, type ToastMessage } from "@kassa/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/modules/http/toast.server";

/** The event a page raises to show (or take away) a toast of its own, without a round trip. */
const SHOW_EVENT = "kassa:toast";
const DISMISS_EVENT = "kassa:toast-dismiss";

/**
 * Shows a toast from client code: what a page says while a post is on its way ('Approving
 * order...', C§4), which the flash toast of the answer then follows. Only with JavaScript.
 */
export function showToast(toast: ToastMessage): void {
  window.dispatchEvent(new CustomEvent<ToastMessage>(SHOW_EVENT, { detail: toast }));
}

/** Takes a toast of {@link showToast} away (its post has been answered). */
export function dismissToast(id: string): void {
  window.dispatchEvent(new CustomEvent<string>(DISMISS_EVENT, { detail: id }));
}

/**
 * Shows the flash toast of the current page. Before hydration (and always without JavaScript)
 * it is a plain alert in the page; once React runs it is a Radix toast (4 s, bottom-right).
 */
export function ToastHost({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [toasts, setToasts] = useState<ToastMessage[]>([]);

  useEffect(() => {
    const show = (event: Event) => {
      const shown = (event as CustomEvent<ToastMessage>).detail;
      setToasts((current) => [...current.filter((item) => item.id !== shown.id), shown]);
    };
    const dismiss = (event: Event) => {
      const id = (event as CustomEvent<string>).detail;
      setToasts((current) => current.filter((item) => item.id !== id));
    };
    window.addEventListener(SHOW_EVENT, show);
    window.addEventListener(DISMISS_EVENT, dismiss);
    return () => {
      window.removeEventListener(SHOW_EVENT, show);
      window.removeEventListener(DISMISS_EVENT, dismiss);
    };
  }, []);

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
      label={t("toast.notifications")}
      itemLabel={t("toast.notification")}
      onDismiss={(id) => setToasts((current) => current.filter((item) => item.id !== id))}
    />
  );
}
