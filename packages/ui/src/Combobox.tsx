"use client";

import { clsx } from "clsx";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import type { FieldControlProps } from "./Field.js";
import { ChevronDownIcon } from "./icons.js";

export interface ComboboxOption {
  value: string;
  label: string;
}

export interface ComboboxProps extends FieldControlProps {
  /** The form field's name: a hidden input posts the chosen option's `value`. */
  name: string;
  options: readonly ComboboxOption[];
  /** The option chosen at first. Default: the first option. */
  defaultValue?: string;
  /** Called with the option's `value` whenever another option is chosen. */
  onValueChange?: (value: string) => void;
  /** The accessible name of the list of options ("Länder"). */
  listLabel: string;
  /** Said, and shown, when the typed text matches no option ("No country found."). */
  noResultsText: string;
  /** The accessible name of the button that opens the list ("Visa länder"). */
  toggleLabel: string;
  disabled?: boolean;
  className?: string;
}

/** Lower case without accents, so "aland" finds "Åland" and "suo" finds "Suomi". */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Options whose label has a word starting with the query, or whose value is the query. */
function matching(options: readonly ComboboxOption[], query: string): readonly ComboboxOption[] {
  const wanted = folded(query);
  if (wanted === "") return options;
  return options.filter(
    (option) =>
      folded(option.label).startsWith(wanted) ||
      folded(option.label)
        .split(/[\s-]+/)
        .some((word) => word.startsWith(wanted)) ||
      folded(option.value) === wanted,
  );
}

/**
 * A searchable picker (the ARIA 1.2 combobox with a filtered listbox). Type to filter; arrow keys
 * move through the options, Enter chooses, Escape closes (or clears the search), Alt+Down opens;
 * a click chooses too. When nothing matches, `noResultsText` is shown and announced. The chosen
 * value is posted by a hidden input named `name`.
 *
 * It needs JavaScript: render a native `<Select>` for the first render and without JavaScript, and
 * this once the page is hydrated. Put it in a `Field`, which labels the text box.
 */
export function Combobox({
  name,
  options,
  defaultValue,
  onValueChange,
  listLabel,
  noResultsText,
  toggleLabel,
  disabled,
  className,
  id,
  "aria-invalid": ariaInvalid,
  "aria-describedby": ariaDescribedBy,
}: ComboboxProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${inputId}-listbox`;
  const statusId = `${inputId}-status`;
  const inputRef = useRef<HTMLInputElement>(null);

  const [value, setValue] = useState(defaultValue ?? options[0]?.value ?? "");
  const labelOf = (wanted: string) =>
    options.find((option) => option.value === wanted)?.label ?? "";
  const [query, setQuery] = useState(() => labelOf(value));
  const [open, setOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(-1);

  const shown = useMemo(
    () => (searching ? matching(options, query) : options),
    [options, query, searching],
  );
  const noResults = open && shown.length === 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function openList(at: number) {
    setOpen(true);
    setActive(at);
  }

  function close(restore: boolean) {
    setOpen(false);
    setSearching(false);
    setActive(-1);
    if (restore) setQuery(labelOf(value));
  }

  function choose(option: ComboboxOption) {
    setValue(option.value);
    setQuery(option.label);
    setOpen(false);
    setSearching(false);
    setActive(-1);
    if (option.value !== value) onValueChange?.(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown": {
        event.preventDefault();
        if (!open) {
          const current = shown.findIndex((option) => option.value === value);
          openList(event.altKey ? -1 : Math.max(current, 0));
        } else if (shown.length > 0) {
          setActive((index) => (index + 1) % shown.length);
        }
        break;
      }
      case "ArrowUp": {
        event.preventDefault();
        if (!open) openList(shown.length - 1);
        else if (shown.length > 0) {
          setActive((index) => (index <= 0 ? shown.length - 1 : index - 1));
        }
        break;
      }
      case "Enter": {
        // Enter chooses in an open list; it submits the form only when the list is closed.
        if (!open) break;
        event.preventDefault();
        const option = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
        if (option) choose(option);
        break;
      }
      case "Escape": {
        if (open) {
          event.preventDefault();
          close(true);
        } else if (query !== labelOf(value)) {
          event.preventDefault();
          setQuery(labelOf(value));
        }
        break;
      }
      default:
        break;
    }
  }

  function onBlur() {
    // Leaving the box keeps a typed name that is exactly one option's; otherwise the last choice.
    const exact = options.find((option) => folded(option.label) === folded(query));
    if (exact && open) choose(exact);
    else close(true);
  }

  return (
    <div className={clsx("relative", className)}>
      <input type="hidden" name={name} value={value} />
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={
          open && active >= 0 && active < shown.length ? optionId(active) : undefined
        }
        aria-invalid={ariaInvalid}
        aria-describedby={clsx(ariaDescribedBy, noResults && statusId) || undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setSearching(true);
          openList(event.currentTarget.value.trim() === "" ? -1 : 0);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        onClick={() => {
          if (!open) openList(shown.findIndex((option) => option.value === value));
        }}
        className={clsx(
          "block min-h-11 w-full rounded-lg border border-stone-300 bg-white py-2 pr-11 pl-3 text-base text-stone-900 shadow-xs transition-colors",
          "focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-emerald-700/30",
          "disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500",
          "aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus-visible:outline-red-600/30",
        )}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={toggleLabel}
        aria-expanded={open}
        aria-controls={listId}
        disabled={disabled}
        // Keeps the focus in the text box, where the keyboard works.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (open) close(true);
          else {
            setSearching(false);
            openList(options.findIndex((option) => option.value === value));
          }
          inputRef.current?.focus();
        }}
        className="absolute top-0 right-0 flex h-full min-w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-stone-800 disabled:cursor-not-allowed"
      >
        <ChevronDownIcon className="size-4" />
      </button>
      <div
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!open || shown.length === 0}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
      >
        {shown.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works in the text box, which points at the option with aria-activedescendant (the ARIA combobox pattern)
          <div
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            tabIndex={-1}
            // A pointer choice keeps the focus in the text box.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseMove={() => setActive(index)}
            className={clsx(
              "flex min-h-11 cursor-pointer items-center px-3 text-base text-stone-900",
              index === active && "bg-emerald-50 outline-2 -outline-offset-2 outline-emerald-700",
              option.value === value && "font-semibold",
            )}
          >
            {option.label}
          </div>
        ))}
      </div>
      <p
        id={statusId}
        role="status"
        className={clsx(
          noResults
            ? "absolute z-20 mt-1 w-full rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm text-stone-700 shadow-lg"
            : "sr-only",
        )}
      >
        {noResults ? noResultsText : ""}
      </p>
    </div>
  );
}
