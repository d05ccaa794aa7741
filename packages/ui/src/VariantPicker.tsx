"use client";

import { clsx } from "clsx";
import type { ChangeEvent, ElementType } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { linkProps } from "./link-props.js";

export interface VariantOption {
  value: string;
  label: string;
  /** Sold out: drawn crossed out. A link option stays selectable; a radio option is disabled. */
  disabled?: boolean;
  /** Shows a colour dot before the label. */
  swatchHex?: string;
  /** The page with this option chosen (`?color=..&size=..`). Makes the option a link. */
  href?: string;
}

export interface VariantPickerProps {
  /** "Färg", "Storlek" */
  legend: string;
  /** Name of the radio group, and the query key the links stand for. */
  name: string;
  options: VariantOption[];
  selected?: string;
  /** Visually hidden text after a crossed-out option ("slut i lager"). */
  unavailableLabel?: string;
  /** Called when a radio option is chosen (radio mode only). */
  onValueChange?: (value: string) => void;
  /** Default `"a"`. A router link (Remix `Link`) gets both `href` and `to`. */
  linkComponent?: ElementType;
  className?: string;
}

const OPTION =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border px-4 text-sm transition-colors";
const OPTION_IDLE = "border-stone-300 hover:border-stone-500";
const OPTION_SELECTED = "border-stone-900 ring-1 ring-stone-900";
const OPTION_AVAILABLE = "bg-white text-stone-900";
const OPTION_SOLD_OUT =
  "border-dashed bg-stone-50 text-stone-400 line-through decoration-stone-400";

/**
 * A choice of colour or size. When the options carry `href`s they are links, so choosing works
 * without JavaScript by loading the page for that variant; otherwise they are native radios.
 */
export function VariantPicker({
  legend,
  name,
  options,
  selected,
  unavailableLabel,
  onValueChange,
  linkComponent = "a",
  className,
}: VariantPickerProps) {
  const Link = linkComponent;
  const asLinks = options.some((option) => option.href !== undefined);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onValueChange?.(event.currentTarget.value);
  }

  return (
    <fieldset className={clsx("flex flex-col gap-2", className)}>
      <legend className="mb-2 text-sm font-medium text-stone-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isSelected = option.value === selected;
          const content = (
            <>
              {option.swatchHex ? (
                <span
                  className="size-4 shrink-0 rounded-full ring-1 ring-stone-300 ring-inset"
                  style={{ backgroundColor: option.swatchHex }}
                />
              ) : null}
              <span>{option.label}</span>
              {option.disabled && unavailableLabel ? (
                <span className="sr-only">, {unavailableLabel}</span>
              ) : null}
            </>
          );

          if (asLinks) {
            const classes = clsx(
              OPTION,
              isSelected ? OPTION_SELECTED : OPTION_IDLE,
              option.disabled ? OPTION_SOLD_OUT : OPTION_AVAILABLE,
              FOCUS_RING,
            );
            if (option.href === undefined) {
              return (
                <span
                  key={option.value}
                  aria-current={isSelected ? "true" : undefined}
                  className={classes}
                >
                  {content}
                </span>
              );
            }
            return (
              <Link
                key={option.value}
                {...linkProps(Link, option.href)}
                aria-current={isSelected ? "true" : undefined}
                className={classes}
              >
                {content}
              </Link>
            );
          }

          return (
            <label
              key={option.value}
              className={clsx(
                OPTION,
                "cursor-pointer has-checked:border-stone-900 has-checked:ring-1 has-checked:ring-stone-900 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-emerald-700",
                OPTION_IDLE,
                option.disabled ? clsx(OPTION_SOLD_OUT, "cursor-not-allowed") : OPTION_AVAILABLE,
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={isSelected}
                disabled={option.disabled}
                onChange={handleChange}
                className="sr-only"
              />
              {content}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
