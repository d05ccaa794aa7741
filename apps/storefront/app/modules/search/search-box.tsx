import { SEARCH_QUERY_MAX_LENGTH, SEARCH_SUGGEST_DEBOUNCE_MS } from "@kassa/domain";
import { Form, useNavigate } from "@remix-run/react";
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import {
  type SearchSuggestion,
  type SuggestionsAnswer,
  searchHref,
  suggestionsPath,
} from "./suggestions";

export interface SearchBoxProps {
  /** The query the box shows at first (the search page passes the one searched for). */
  defaultQuery?: string;
  /** The text box's id; default: a generated one. Give one when two boxes are on a page. */
  id?: string;
  className?: string;
}

/** An option of the open list: a suggestion, or the search for what was typed. */
interface Option {
  kind: SearchSuggestion["kind"] | "search";
  id: string;
  label: string;
  href: string;
}

const KIND_KEYS = {
  product: "search.kindProduct",
  category: "search.kindCategory",
  search: "search.kindSearch",
} as const;

/**
 * The shop's search box: a GET form to `/search` with a text box named `q`, which works without
 * JavaScript. Once the page has hydrated it is an ARIA 1.2 combobox: while the shopper types it
 * asks `/search/suggestions` (after `SEARCH_SUGGEST_DEBOUNCE_MS`, cancelling a request that a
 * newer key press made stale), lists products and categories (each links to its page) and the
 * search itself; the arrow keys move through the list, Enter opens the option or searches,
 * Escape closes the list and then clears the box; a polite live region says how many suggestions
 * there are. Focus stays in the text box throughout (`aria-activedescendant`).
 */
export function SearchBox({ defaultQuery = "", id, className }: SearchBoxProps) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const generatedId = useId().replace(/:/g, "");
  const inputId = id ?? `search-${generatedId}`;
  const listboxId = `${inputId}-suggestions`;
  const navigate = useNavigate();

  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);
  const sequence = useRef(0);

  const [hydrated, setHydrated] = useState(false);
  const [options, setOptions] = useState<Option[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");

  useEffect(() => setHydrated(true), []);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current?.abort();
    pending.current = null;
    // An answer still on its way belongs to a query that is no longer asked.
    sequence.current++;
  }, []);

  useEffect(() => cancel, [cancel]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function show(answer: SuggestionsAnswer) {
    const next: Option[] =
      answer.items.length === 0
        ? []
        : [
            ...answer.items,
            {
              kind: "search",
              id: "search",
              label: `${t("search.searchFor", { query: answer.query })} (${answer.total})`,
              href: searchHref(paths.to("/search"), answer.query),
            },
          ];
    setOptions(next);
    setActive(-1);
    setOpen(next.length > 0);
    setStatus(
      answer.items.length === 0
        ? t("search.noSuggestions")
        : t("search.suggestionCount", { count: answer.items.length }),
    );
  }

  function ask(query: string) {
    cancel();
    if (query.trim().length < 2) {
      setOptions([]);
      close();
      setStatus("");
      return;
    }
    const asked = sequence.current;
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      try {
        const response = await fetch(
          `${suggestionsPath(paths.to("/search"))}?${new URLSearchParams({ q: query })}`,
          {
            signal: controller.signal,
            headers: { Accept: "application/json" },
          },
        );
        if (!response.ok) return;
        const answer = (await response.json()) as SuggestionsAnswer;
        if (asked === sequence.current) show(answer);
      } catch {
        // Aborted or offline: the box still searches on Enter.
      }
    }, SEARCH_SUGGEST_DEBOUNCE_MS);
  }

  function choose(option: Option) {
    cancel();
    close();
    navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown": {
        if (options.length === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else {
          setActive((active + 1) % options.length);
        }
        return;
      }
      case "ArrowUp": {
        if (!open || options.length === 0) return;
        event.preventDefault();
        setActive(active <= 0 ? options.length - 1 : active - 1);
        return;
      }
      case "Enter": {
        const option = open ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case "Escape": {
        if (open) {
          event.preventDefault();
          close();
        } else if (input.current?.value) {
          event.preventDefault();
          input.current.value = "";
          cancel();
          setOptions([]);
          setStatus("");
        }
        return;
      }
      case "Tab":
        close();
        return;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // An empty box searches nothing: stay on the page.
    if (!input.current?.value.trim()) event.preventDefault();
    else cancel();
  }

  const activeOption = open ? options[active] : undefined;
  const optionId = (option: Option) => `${listboxId}-${option.id}`;

  return (
    <Form
      action={paths.to("/search")}
      method="get"
      role="search"
      onSubmit={onSubmit}
      className={["relative flex w-full", className].filter(Boolean).join(" ")}
    >
      <label htmlFor={inputId} className="sr-only">
        {t("search.label")}
      </label>
      <input
        // A new query from the page (another search) starts the box afresh.
        key={defaultQuery}
        ref={input}
        id={inputId}
        type="search"
        name="q"
        defaultValue={defaultQuery}
        placeholder={t("search.placeholder")}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        spellCheck={false}
        className="min-w-0 flex-1 rounded-l-lg border border-r-0 border-stone-400 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 outline-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-autocomplete": "list" as const,
              "aria-expanded": open,
              "aria-controls": listboxId,
              "aria-activedescendant": activeOption ? optionId(activeOption) : undefined,
              onChange: (event: React.ChangeEvent<HTMLInputElement>) => ask(event.target.value),
              onKeyDown,
              onBlur: close,
            }
          : {})}
      />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-r-lg bg-emerald-800 px-3 py-2 font-medium text-white hover:bg-emerald-900 outline-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="sr-only sm:not-sr-only">{t("search.submit")}</span>
      </button>
      {hydrated ? (
        <div
          id={listboxId}
          role="listbox"
          aria-label={t("search.suggestions")}
          hidden={!open}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-96 overflow-y-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works in the text box, which points at the option with aria-activedescendant (the ARIA combobox pattern)
            <div
              key={option.id}
              id={optionId(option)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              // Keep focus in the text box: the option is chosen on click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              className={[
                "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2",
                index === active
                  ? "bg-emerald-800 text-white"
                  : "text-stone-900 hover:bg-stone-100",
                option.kind === "search" ? "border-t border-stone-200 font-medium" : "",
              ].join(" ")}
            >
              <span>{option.label}</span>
              <span
                className={`text-xs ${index === active ? "text-emerald-50" : "text-stone-600"}`}
              >
                {t(KIND_KEYS[option.kind])}
              </span>
            </div>
          ))}
        </div>
      ) : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {status}
      </div>
    </Form>
  );
}
