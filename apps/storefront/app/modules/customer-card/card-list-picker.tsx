import { CUSTOMER_CARD_SEARCH_DEBOUNCE_MS } from "@kassa/domain";
import { Badge, Button, Input, Pagination, Spinner } from "@kassa/ui";
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { withParams } from "./card-query";
import type { CardListPage } from "./card-view";
import { InterceptLink, LinkInterceptorContext } from "./intercept-link";

/** One row of a picker: what its button says. */
export interface PickerRow {
  id: string;
  primary: string;
  secondary?: string;
  /** A badge beside the row (e.g. 'Inactive'). */
  badge?: string;
}

export interface CardListPickerProps<Item> {
  /** `company` or `contact`: names the fetchers and the test ids. */
  name: "company" | "contact";
  title: string;
  /** What is chosen now, as the card shows it. */
  chosen: ReactNode;
  /** The disclosure's label ('Change company'). */
  changeLabel: string;
  /** Open at first: nothing chosen yet, or the URL shows a search or a later page. */
  openInitially: boolean;
  /** The loader's page (the URL's search and page). */
  page: CardListPage<Item>;
  /** The list as a resource URL for the fetcher (`/customer-card?list=…`). */
  listUrl(search: string, page: number): string;
  /** The list's key in the resource route's answer. */
  listKey: "companies" | "contacts";
  searchParam: string;
  pageParam: string;
  searchLabel: string;
  searchHint: string;
  intent: "card-company" | "card-contact";
  fieldName: "organisationId" | "contactUserId";
  chosenId: string | null;
  rowOf(item: Item): PickerRow;
  emptyText(search: string): string;
  paginationLabel: string;
  /** The page the card posts to and comes back to. */
  actionPath: string;
  redirectTo: string;
}

/**
 * A searchable, paged list to choose from (A§2, A§4: the company and the contact person). Without
 * JavaScript: the search is a GET form and the pages are links, both on the page's own URL, and
 * each row is a submit button of one form posting `intent` with the row's id. With JavaScript:
 * the list loads through a fetcher (the search 400 ms after the last key), the post goes through
 * a fetcher, and the pressed row shows that it is saving.
 */
export function CardListPicker<Item>(props: CardListPickerProps<Item>) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const headingId = useId();
  const searchId = useId();
  const list = useFetcher<Record<string, CardListPage<Item>>>({ key: `card-${props.name}-list` });
  const post = useFetcher({ key: `card-${props.name}-post` });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const shown = list.data?.[props.listKey] ?? props.page;
  const loading = list.state === "loading";
  const pendingId = post.state !== "idle" ? String(post.formData?.get(props.fieldName) ?? "") : "";

  function load(search: string, page: number, delayMs = 0) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => list.load(props.listUrl(search, page)), delayMs);
  }

  // Pages load through the fetcher once JavaScript runs; the link's URL is the page without it.
  const loadPageOf = (link: HTMLAnchorElement) => {
    const page = Number(new URL(link.href).searchParams.get(props.pageParam) ?? 1);
    load(shown.search, Number.isSafeInteger(page) && page > 0 ? page : 1);
  };

  // The GET form keeps the page's other parameters; a new search starts on page 1 (A§4).
  const kept = [...new URLSearchParams(location.search)].filter(
    ([key]) => key !== props.searchParam && key !== props.pageParam,
  );

  return (
    <section aria-labelledby={headingId} className="space-y-2" data-testid={`card-${props.name}`}>
      <h3 id={headingId} className="text-base font-semibold text-stone-900">
        {props.title}
      </h3>
      <div className="text-stone-800" data-testid={`card-${props.name}-chosen`}>
        {props.chosen}
      </div>
      <details
        open={props.openInitially}
        className="group rounded-xl border border-stone-200 bg-stone-50/60"
      >
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 text-sm font-medium text-emerald-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 [&::-webkit-details-marker]:hidden">
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
          >
            <path d="M7.2 4.2a.75.75 0 0 1 1.06 0l5.25 5.25a.75.75 0 0 1 0 1.06l-5.25 5.25a.75.75 0 1 1-1.06-1.06L11.92 10 7.2 5.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
          {props.changeLabel}
        </summary>
        <div className="space-y-3 px-3 pb-3">
          <Form
            method="get"
            action={location.pathname}
            role="search"
            aria-label={props.searchLabel}
            preventScrollReset
            className="flex flex-col gap-1.5"
            onSubmit={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              load(String(data.get(props.searchParam) ?? "").trim(), 1);
            }}
          >
            {kept.map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <label htmlFor={searchId} className="text-sm font-medium text-stone-900">
              {props.searchLabel}
            </label>
            <p id={`${searchId}-hint`} className="text-sm text-stone-600">
              {props.searchHint}
            </p>
            <div className="flex gap-2">
              <Input
                id={searchId}
                type="search"
                name={props.searchParam}
                defaultValue={props.page.search}
                autoComplete="off"
                maxLength={100}
                aria-describedby={`${searchId}-hint`}
                className="min-w-0 flex-1"
                onChange={(event) =>
                  load(event.currentTarget.value.trim(), 1, CUSTOMER_CARD_SEARCH_DEBOUNCE_MS)
                }
              />
              <Button type="submit" variant="secondary" size="sm" className="shrink-0">
                {t("customerCard.search")}
              </Button>
            </div>
          </Form>

          <p role="status" className="text-sm text-stone-600">
            {loading ? (
              <span className="inline-flex items-center gap-2">
                <Spinner />
                {t("customerCard.searching")}
              </span>
            ) : shown.items.length === 0 ? (
              props.emptyText(shown.search)
            ) : null}
          </p>

          {shown.items.length > 0 ? (
            <post.Form
              method="post"
              action={props.actionPath}
              preventScrollReset
              aria-busy={loading || undefined}
            >
              <input type="hidden" name="intent" value={props.intent} />
              <input type="hidden" name="redirectTo" value={props.redirectTo} />
              <ul className={`flex flex-col gap-2 ${loading ? "opacity-60" : ""}`}>
                {shown.items.map((item) => {
                  const row = props.rowOf(item);
                  const isChosen = row.id === props.chosenId;
                  return (
                    <li key={row.id}>
                      <ChoiceButton
                        row={row}
                        name={props.fieldName}
                        chosen={isChosen}
                        busy={pendingId === row.id}
                        disabled={pendingId !== "" && pendingId !== row.id}
                        chosenLabel={t("customerCard.chosen")}
                      />
                    </li>
                  );
                })}
              </ul>
            </post.Form>
          ) : null}

          <LinkInterceptorContext.Provider value={loadPageOf}>
            <Pagination
              compact
              page={shown.page}
              totalPages={shown.totalPages}
              hrefForPage={(page) =>
                withParams(location.search, {
                  [props.searchParam]: shown.search || undefined,
                  [props.pageParam]: page > 1 ? String(page) : undefined,
                })
              }
              linkComponent={InterceptLink}
              labels={{
                previous: t("pagination.previous"),
                next: t("pagination.next"),
                page: (page, total) => t("customerCard.pageOf", { page, total }),
                nav: props.paginationLabel,
              }}
            />
          </LinkInterceptorContext.Provider>
        </div>
      </details>
    </section>
  );
}

/** A row of a picker: a submit button carrying the row's id, marked when it is the chosen one. */
export function ChoiceButton({
  row,
  name,
  chosen,
  busy,
  disabled,
  chosenLabel,
}: {
  row: PickerRow;
  name: string;
  chosen: boolean;
  busy: boolean;
  disabled?: boolean;
  chosenLabel: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={row.id}
      aria-current={chosen ? "true" : undefined}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={(event) => {
        // The chosen row is already the choice: nothing to post.
        if (chosen) event.preventDefault();
      }}
      className={[
        "flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress",
        chosen
          ? "border-emerald-700 bg-emerald-50"
          : "border-stone-200 bg-white hover:border-stone-400 hover:bg-stone-50",
      ].join(" ")}
    >
      <span className="min-w-0">
        <span className="block font-medium break-words text-stone-900">{row.primary}</span>
        {row.secondary ? (
          <span className="block text-sm break-words text-stone-600">{row.secondary}</span>
        ) : null}
      </span>
      <span className="flex shrink-0 items-center gap-2">
        {busy ? <Spinner /> : null}
        {row.badge ? <Badge variant="warning">{row.badge}</Badge> : null}
        {chosen ? <Badge variant="success">{chosenLabel}</Badge> : null}
      </span>
    </button>
  );
}
