import { clsx } from "clsx";
import type { ReactNode } from "react";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./icons.js";

export type AlertVariant = "info" | "success" | "warning" | "error";

export interface AlertProps {
  variant: AlertVariant;
  title?: string;
  children?: ReactNode;
  /**
   * Default `"alert"` for errors and warnings (announced at once), `"status"` for info and
   * success (announced politely).
   */
  role?: "alert" | "status";
  /**
   * The title as this heading rather than as a paragraph: where the alert is what the page is
   * about (an error page), its title is the page's heading for a screen reader's list of headings.
   */
  heading?: "h1" | "h2" | "h3";
  className?: string;
}

const VARIANT_CLASSES: Record<AlertVariant, string> = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
};

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * A static message rendered on the server: flash messages when JavaScript is off (toasts need
 * it), inline form and discount-code errors, notices.
 */
export function Alert({ variant, title, children, role, heading, className }: AlertProps) {
  const Icon = ICONS[variant];
  const Title = heading ?? "p";
  return (
    <div
      role={role ?? (variant === "error" || variant === "warning" ? "alert" : "status")}
      className={clsx(
        "flex gap-3 rounded-lg border p-4 text-sm",
        VARIANT_CLASSES[variant],
        className,
      )}
    >
      <Icon className="mt-px size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1">
        {title ? <Title className="font-semibold">{title}</Title> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
