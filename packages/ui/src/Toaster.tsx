"use client";

import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_VISIBLE_LIMIT,
  TOAST_WIDTH_PX,
} from "@kassa/domain";
import * as Toast from "@radix-ui/react-toast";
import { clsx } from "clsx";
import { useSyncExternalStore } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { CloseIcon, ErrorIcon, SuccessIcon } from "./icons.js";

export type ToastVariant = "default" | "success" | "error";

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  /** Default `"default"`. Errors are announced at once, the others politely. */
  variant?: ToastVariant;
}

export interface ToasterProps {
  toasts: ToastMessage[];
  /** Called when a toast times out, is swiped away or closed; remove it from `toasts`. */
  onDismiss(id: string): void;
  /** Accessible name of each toast's close button ("Stäng"). */
  closeLabel: string;
  /**
   * Name of the notification region for screen readers ("Aviseringar"); the hotkey that reaches
   * it (F8) is added after it. Radix's English "Notifications" otherwise.
   */
  label?: string;
  /**
   * What a screen reader says before each toast it announces ("Avisering"). Radix's English
   * "Notification" otherwise.
   */
  itemLabel?: string;
  /** Milliseconds each toast stays. Default `TOAST_DURATION_MS` of `@kassa/domain` (4000). */
  duration?: number;
  /** How many toasts show at once, newest kept. Default `TOAST_VISIBLE_LIMIT` of `@kassa/domain` (3). */
  limit?: number;
}

const subscribeNever = () => () => {};

/**
 * True once the page has hydrated. On the server and during hydration it is false, so the
 * server HTML and the first client render agree.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-stone-200",
  success: "border-emerald-200",
  error: "border-red-200",
};

/**
 * Where the toasts sit (`TOAST_POSITION`) and the way a toast is swiped away from there. Class
 * names stay literal so Tailwind's scanner sees them; a new position must be added here.
 */
const PLACEMENT = {
  "bottom-right": { className: "right-0 bottom-0", swipeDirection: "right" },
} as const satisfies Record<
  typeof TOAST_POSITION,
  { className: string; swipeDirection: "right" | "left" | "up" | "down" }
>;
const placement = PLACEMENT[TOAST_POSITION];

/**
 * Toasts with JavaScript (Radix Toast), with the toast constants of `@kassa/domain` (C§9):
 * bottom-right, 356 px wide, 14 px apart, 4 s, three at once.
 *
 * Renders nothing on the server and until hydration: a toast cannot be dismissed or announced
 * without JavaScript, so the storefront shows the same message as an `Alert` for that case.
 */
export function Toaster({
  toasts,
  onDismiss,
  closeLabel,
  label,
  itemLabel,
  duration = TOAST_DURATION_MS,
  limit = TOAST_VISIBLE_LIMIT,
}: ToasterProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;

  const visible = limit > 0 ? toasts.slice(-limit) : [];
  return (
    <Toast.Provider duration={duration} swipeDirection={placement.swipeDirection} label={itemLabel}>
      {visible.map((toast) => {
        const variant = toast.variant ?? "default";
        return (
          <Toast.Root
            key={toast.id}
            open
            onOpenChange={(open) => {
              if (!open) onDismiss(toast.id);
            }}
            type={variant === "error" ? "foreground" : "background"}
            style={{ width: TOAST_WIDTH_PX }}
            className={clsx(
              "pointer-events-auto relative flex max-w-full items-start gap-3 rounded-lg border bg-white p-4 pr-12 text-sm text-stone-900 shadow-lg",
              "data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
              VARIANT_CLASSES[variant],
            )}
          >
            {variant === "success" ? (
              <SuccessIcon className="mt-px size-5 shrink-0 text-emerald-700" />
            ) : null}
            {variant === "error" ? (
              <ErrorIcon className="mt-px size-5 shrink-0 text-red-700" />
            ) : null}
            <div className="flex min-w-0 flex-col gap-1">
              <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
              {toast.description ? (
                <Toast.Description className="text-stone-600">
                  {toast.description}
                </Toast.Description>
              ) : null}
            </div>
            <Toast.Close
              aria-label={closeLabel}
              className={clsx(
                "absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-900",
                FOCUS_RING,
              )}
            >
              <CloseIcon className="size-4" />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        label={label ? `${label} ({hotkey})` : undefined}
        style={{ gap: TOAST_GAP_PX, maxWidth: `calc(${TOAST_WIDTH_PX}px + 2rem)` }}
        className={clsx(
          // The list's own box (its padding, the space between toasts) lets taps through to the
          // page below; only a toast takes them (issue 39: it lay over a page's buttons).
          "pointer-events-none fixed z-50 m-0 flex max-h-screen w-full list-none flex-col p-4 outline-hidden",
          placement.className,
        )}
      />
    </Toast.Provider>
  );
}
