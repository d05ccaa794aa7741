import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { ErrorIcon, SuccessIcon } from "./icons.js";

export type CardTone = "default" | "success" | "error";

export interface CardProps {
  /** The card's heading; it also names the `<section>`. */
  title?: string;
  /** Level of the title's heading element. Default 2; use 1 when the card is the page. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  /** Slot under the content: actions and links ("Till inloggningen"). */
  footer?: ReactNode;
  /** Default `"default"`. `"success"` and `"error"` colour the card and put an icon by the title. */
  tone?: CardTone;
  className?: string;
}

const TONE_CLASSES: Record<CardTone, string> = {
  default: "border-stone-200",
  success: "border-emerald-200",
  error: "border-red-200",
};

const HEADINGS = { 1: "h1", 2: "h2", 3: "h3" } as const;

/**
 * A white card: the "check your email" screen after signup, the success card after a
 * password reset (A§2), or any boxed panel. A static element; it announces nothing by itself.
 */
export function Card({
  title,
  headingLevel = 2,
  children,
  footer,
  tone = "default",
  className,
}: CardProps) {
  const titleId = useId();
  const Heading = HEADINGS[headingLevel];
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      data-tone={tone}
      className={clsx(
        "flex flex-col gap-4 rounded-lg border bg-white p-6 text-stone-700",
        TONE_CLASSES[tone],
        className,
      )}
    >
      {title ? (
        <div className="flex items-start gap-3">
          {tone === "success" ? (
            <SuccessIcon className="mt-0.5 size-6 shrink-0 text-emerald-700" />
          ) : null}
          {tone === "error" ? <ErrorIcon className="mt-0.5 size-6 shrink-0 text-red-700" /> : null}
          <Heading
            id={titleId}
            className={clsx(
              "font-semibold text-stone-900",
              headingLevel === 1 ? "text-2xl" : "text-lg",
            )}
          >
            {title}
          </Heading>
        </div>
      ) : null}
      {children ? <div className="flex flex-col gap-3 leading-relaxed">{children}</div> : null}
      {footer ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
          {footer}
        </div>
      ) : null}
    </section>
  );
}
