"use client";

import { clsx } from "clsx";
import { type ElementType, type KeyboardEvent, type MouseEvent, useId } from "react";
import { FOCUS_RING } from "./focus-ring.js";
import { CheckIcon, ChevronDownIcon } from "./icons.js";

export interface MarketOption {
  /** ISO 3166-1 alpha-2 code; submitted as the `market` field. */
  country: string;
  /** Market name, in the page's language ("Sverige", "Ruotsi", "Sweden"). */
  name: string;
  /** ISO 4217 code ("SEK"). */
  currency: string;
  /** Language code, shown upper-case ("sv" → "SV"). */
  language: string;
}

export interface MarketSelectorForm {
  action: string;
  /** Default `"post"`. */
  method?: "post" | "get";
  /** Extra hidden inputs, such as `{ intent: "set-market", redirectTo: "/produkt/..." }`. */
  hiddenFields?: Record<string, string>;
}

export interface MarketSelectorProps {
  /** Name of the control ("Marknad"): read before the current market and shown atop the list. */
  label: string;
  current: MarketOption;
  options: MarketOption[];
  form: MarketSelectorForm;
  /** Default `"form"`. The storefront passes Remix's `Form`, which takes the same props. */
  formComponent?: ElementType;
  /** Visually hidden text before each other market's name, e.g. "Byt till". */
  submitLabel?: string;
  /** Visually hidden text after the current market, e.g. "vald". */
  selectedLabel?: string;
  /**
   * On screens narrower than 640 px the closed selector shows only the market's name, leaving
   * its currency and language to the open list, so it fits a phone's header row.
   */
  compact?: boolean;
  className?: string;
}

/**
 * The market selector dropdown (C§2): a `<details>` whose summary shows the current market's
 * name, currency and language; inside, one form with one submit button per market
 * (`name="market"`, `value={country}`), the current one ticked. Works without JavaScript.
 */
export function MarketSelector({
  label,
  current,
  options,
  form,
  formComponent = "form",
  submitLabel,
  selectedLabel,
  compact = false,
  className,
}: MarketSelectorProps) {
  const Form = formComponent;
  const headingId = useId();

  // Progressive enhancement only: without JavaScript the page reloads and the menu is closed.
  function closeMenu(event: MouseEvent<HTMLButtonElement>) {
    event.currentTarget.closest("details")?.removeAttribute("open");
  }
  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.currentTarget.removeAttribute("open");
    event.currentTarget.querySelector("summary")?.focus();
  }

  return (
    <details className={clsx("group relative inline-block", className)} onKeyDown={closeOnEscape}>
      <summary
        className={clsx(
          "flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm text-stone-700 select-none hover:bg-stone-100 hover:text-stone-900 [&::-webkit-details-marker]:hidden",
          compact && "max-sm:gap-1 max-sm:px-2",
          FOCUS_RING,
        )}
      >
        <span className="sr-only">{label}: </span>
        {/* Compact, on a phone: the country's code in sight and its name for screen readers, so
            the header fits a 360 px screen (issue 39). */}
        <span className={clsx("font-medium text-stone-900", compact && "max-sm:sr-only")}>
          {current.name}
        </span>
        {compact ? (
          <span aria-hidden="true" className="font-medium text-stone-900 sm:hidden">
            {current.country}
          </span>
        ) : null}
        <MarketCodes option={current} className={compact ? "max-sm:hidden" : undefined} />
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-64 rounded-lg border border-stone-200 bg-white p-2 shadow-lg">
        <p id={headingId} className="px-3 pt-1 pb-2 text-xs font-medium text-stone-500">
          {label}
        </p>
        <Form action={form.action} method={form.method ?? "post"} aria-labelledby={headingId}>
          {Object.entries(form.hiddenFields ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <ul className="flex flex-col gap-0.5">
            {options.map((option) => {
              const isCurrent = option.country === current.country;
              return (
                <li key={option.country}>
                  <button
                    type="submit"
                    name="market"
                    value={option.country}
                    aria-current={isCurrent ? "true" : undefined}
                    onClick={closeMenu}
                    className={clsx(
                      "flex min-h-11 w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-stone-100",
                      isCurrent ? "font-medium text-stone-900" : "text-stone-700",
                      FOCUS_RING,
                    )}
                  >
                    <span className="flex flex-col">
                      <span>
                        {!isCurrent && submitLabel ? (
                          <span className="sr-only">{submitLabel} </span>
                        ) : null}
                        {option.name}
                      </span>
                      <MarketCodes option={option} />
                    </span>
                    {isCurrent ? (
                      <span className="flex items-center text-emerald-700">
                        <CheckIcon className="size-5" />
                        {selectedLabel ? <span className="sr-only">{selectedLabel}</span> : null}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </Form>
      </div>
    </details>
  );
}

function MarketCodes({ option, className }: { option: MarketOption; className?: string }) {
  return (
    <span className={clsx("text-xs font-normal text-stone-500 tabular-nums", className)}>
      {option.currency}
      <span aria-hidden="true"> ·</span> {option.language.toUpperCase()}
    </span>
  );
}
