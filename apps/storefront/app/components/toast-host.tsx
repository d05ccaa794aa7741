import { TOAST_WIDTH_PX } from "@kassa/domain";
import { Alert, type ToastMessage } from "@kassa/ui";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/modules/http/toast.server";

/**
 * Radix's toasts (8 KB gzip) are fetched when the first toast comes, not with every page
 * (issue 15); until then nothing of them is on the page.
 */
const Toaster = lazy(() => import("@kassa/ui").then(({ Toaster }) => ({ default: Toaster })));

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
  // Once there has been a toast the region stays, so a dismissed toast can animate away.
  const [used, setUsed] = useState(false);
  if (toasts.length > 0 && !used) setUsed(true);

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
    return toast ? <PlainToast toast={toast} /> : null;
  }

  if (!used) return null;
  const newest = toasts.at(-1);
  return (
    // While Radix's code arrives, the newest toast shows as before hydration.
    <Suspense fallback={newest ? <PlainToast toast={newest} /> : null}>
      <Toaster
        toasts={toasts}
        closeLabel={t("toast.close")}
        label={t("toast.notifications")}
        itemLabel={t("toast.notification")}
        onDismiss={(id) => setToasts((current) => current.filter((item) => item.id !== id))}
      />
    </Suspense>
  );
}

/** A toast as a plain alert in the page: before hydration, always without JavaScript. */
function PlainToast({ toast }: { toast: ToastMessage }) {
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
