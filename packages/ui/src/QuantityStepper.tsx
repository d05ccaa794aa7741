"use client";

import { clsx } from "clsx";
import type { MouseEvent, ReactNode } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { MinusIcon, PlusIcon } from "./icons.js";

/** A button described by data, so a form can give it `name`/`value` and work without JavaScript. */
export interface ButtonLikeProps {
  /** Accessible name ("Minska antal"). */
  label: string;
  name?: string;
  value?: string;
  disabled?: boolean;
  /** Id of the form the button submits, when it sits outside that form. */
  form?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /** Default `"submit"`. */
  type?: "submit" | "button";
}

export interface QuantityStepperProps {
  quantity: number;
  /** Name of the group and prefix of the announced quantity ("Antal"). */
  label: string;
  decrease: ButtonLikeProps;
  increase: ButtonLikeProps;
  /** A change is being saved: sets `aria-busy` and ignores further clicks until it is done. */
  busy?: boolean;
  className?: string;
}

/** Minus button, the quantity (announced politely when it changes), plus button. */
export function QuantityStepper({
  quantity,
  label,
  decrease,
  increase,
  busy = false,
  className,
}: QuantityStepperProps) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-busy={busy || undefined}
      className={clsx(
        "inline-flex items-center rounded-lg border border-stone-300 bg-white",
        className,
      )}
    >
      <StepButton {...decrease} busy={busy}>
        <MinusIcon className="size-4" />
      </StepButton>
      <output
        aria-live="polite"
        aria-atomic="true"
        className={clsx(
          "min-w-10 px-1 text-center text-base font-medium text-stone-900 tabular-nums transition-opacity",
          busy && "opacity-50",
        )}
      >
        <span className="sr-only">{label} </span>
        {quantity}
      </output>
      <StepButton {...increase} busy={busy}>
        <PlusIcon className="size-4" />
      </StepButton>
    </div>
  );
}

function StepButton({
  label,
  type = "submit",
  busy,
  onClick,
  children,
  ...props
}: ButtonLikeProps & { busy: boolean; children: ReactNode }) {
  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }
  return (
    <button
      type={type}
      aria-label={label}
      onClick={handleClick}
      className={clsx(
        "inline-flex size-11 items-center justify-center rounded-lg text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-900 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent",
        FOCUS_RING,
      )}
      {...props}
    >
      {children}
    </button>
  );
}
