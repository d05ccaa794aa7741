"use client";

import { clsx } from "clsx";
import type { ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from "./icons.js";
import { useMounted } from "./use-mounted.js";

export type BannerVariant = "info" | "success" | "error";

export interface BannerProps {
  /** `"error"` is the destructive banner (A§8 login: a failed email verification). */
  variant: BannerVariant;
  title?: string;
  children?: ReactNode;
  /**
   * Called by the dismiss button. The button renders only when both `onDismiss` and
   * `dismissLabel` are given, and only after hydration (it needs JavaScript).
   */
  onDismiss?(): void;
  /** Accessible name of the dismiss button ("Stäng"). */
  dismissLabel?: string;
  /**
   * Default `"alert"` for errors (announced at once), `"status"` for info and success
   * (announced politely).
   */
  role?: "alert" | "status";
  className?: string;
}

const VARIANT_CLASSES: Record<BannerVariant, string> = {
  info: "border-sky-200 border-l-sky-600 bg-sky-50 text-sky-900",
  success: "border-emerald-200 border-l-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-200 border-l-red-600 bg-red-50 text-red-900",
};

const ICONS = { info: InfoIcon, success: SuccessIcon, error: ErrorIcon };

/**
 * A full-width message at the top of a form (A§2 login: the temporary error banner and the
 * email-verification status banner). Server-rendered like `Alert`; the storefront decides when
 * it goes away (the login banner after 5 s), optionally with a dismiss button.
 */
export function Banner({
  variant,
  title,
  children,
  onDismiss,
  dismissLabel,
  role,
  className,
}: BannerProps) {
  const mounted = useMounted();
  const Icon = ICONS[variant];
  const dismissible = mounted && onDismiss !== undefined && dismissLabel !== undefined;
  return (
    <div
      role={role ?? (variant === "error" ? "alert" : "status")}
      data-variant={variant}
      className={clsx(
        "flex w-full items-start gap-3 rounded-lg border border-l-4 px-4 py-3 text-sm",
        VARIANT_CLASSES[variant],
        dismissible && "pr-1",
        className,
      )}
    >
      <Icon className="mt-px size-5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
      {dismissible ? (
        <button
          type="button"
          aria-label={dismissLabel}
          onClick={onDismiss}
          className={clsx(
            "-my-2.5 inline-flex size-11 shrink-0 items-center justify-center rounded-lg opacity-70 hover:bg-black/5 hover:opacity-100",
            FOCUS_RING,
          )}
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
