import {
  formatMoney,
  QUICK_ORDER_MAX_FILE_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MAX_TEXT_LENGTH,
  QUICK_ORDER_RESOLVE_DEBOUNCE_MS,
} from "@kassa/domain";
import { Alert, Button, buttonClasses, Field, Textarea } from "@kassa/ui";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { clsx } from "clsx";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageFrame } from "~/components/page-frame";
import { requireLogin } from "~/modules/account/auth.server";
import { refusalText } from "~/modules/cart/add-lines";
import {
  addQuickOrder,
  EMPTY_QUICK_ORDER,
  type QuickOrderRow,
  type QuickOrderView,
  quickOrderInput,
  resolveQuickOrder,
} from "~/modules/cart/quick-order.server";
import { fromBackend } from "~/modules/http/backend-errors.server";
import { translatorFor } from "~/modules/http/i18n.server";
import { marketOf } from "~/modules/http/market.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";
import { headersSettingCookies } from "~/modules/http/set-cookie-headers";
import { redirectWithToast } from "~/modules/http/toast.server";

/**
 * `/my-account/quick-order/` (issue 32): a buyer types, pastes or uploads lines of "article number,
 * quantity", checks them (each line's product, colour, size, price and stock, or why it cannot be
 * bought) and adds every valid line to the cart in one go. Any logged-in user may use it; the
 * account page links to it for users of a company. Works without JavaScript (check, then add); with
 * it the lines are checked as they are typed.
 */
const PAGE = "/my-account/quick-order/";
const FILE_KB = Math.floor(QUICK_ORDER_MAX_FILE_BYTES / 1024);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [login, t, market] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    marketOf(request),
  ]);
  // After an add the lines that were not added come back here, checked again.
  const lines = new URL(request.url).searchParams.get("lines") ?? "";
  const view = lines.trim()
    ? await fromBackend(() =>
        resolveQuickOrder(request, lines.slice(0, QUICK_ORDER_MAX_TEXT_LENGTH)),
      )
    : EMPTY_QUICK_ORDER;
  return data(
    {
      title: `${t("quickOrder.title")} – ${t("meta.siteName")}`,
      locale: market.locale,
      view,
    },
    { headers: headersSettingCookies(login.setCookies) },
  );
}

/** `resolve` looks the lines up (nothing changes); `add` puts the valid ones into the cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  const [login, t, formData] = await Promise.all([
    requireLogin(request, context),
    translatorFor(request),
    request.formData(),
  ]);
  const input = await quickOrderInput(formData);
  if (input.error) {
    return data<QuickOrderView>(
      { ...EMPTY_QUICK_ORDER, text: input.text, error: input.error },
      { status: 400 },
    );
  }
  if (formData.get("intent") !== "add") {
    return data<QuickOrderView>(await fromBackend(() => resolveQuickOrder(request, input.text)));
  }
  const added = await fromBackend(() => addQuickOrder(request, context, input.text));
  if (added.rows.length === 0) {
    return data<QuickOrderView>(
      { ...EMPTY_QUICK_ORDER, text: input.text, error: "empty" },
      { status: 400 },
    );
  }
  const refused = added.rows.filter((row) => row.result.kind === "refused");
  const addedCount = added.rows.length - refused.length;
  const next = added.remainingText
    ? `${PAGE}?${new URLSearchParams({ lines: added.remainingText })}`
    : PAGE;
  return redirectWithToast(
    next,
    {
      variant: addedCount === 0 ? "error" : refused.length === 0 ? "success" : "default",
      title:
        addedCount === 0 ? t("quickOrder.noneValid") : t("quickOrder.added", { count: addedCount }),
      description: summaryOfRefused(t, refused, added.leftOut),
    },
    [...login.setCookies, ...added.setCookies],
  );
}

function summaryOfRefused(t: TFunction, refused: QuickOrderRow[], leftOut: number) {
  const parts = refused.flatMap((row) =>
    row.result.kind === "refused"
      ? [
          t("quickOrder.lineRefused", {
            line: row.sku || `#${row.row}`,
            reason: refusalText(t, row.result),
          }),
        ]
      : [],
  );
  const said = [
    parts.length > 0
      ? `${t("quickOrder.notAdded", { count: parts.length })}: ${parts.join("; ")}.`
      : "",
    leftOut > 0 ? t("quickOrder.leftOut", { count: leftOut, max: QUICK_ORDER_MAX_LINES }) : "",
  ].filter(Boolean);
  return said.length > 0 ? said.join(" ") : undefined;
}

/** Checking lines as they are typed changes nothing: the page's data stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === "resolve" ? false : defaultShouldRevalidate);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.title ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

const RESOLVE_FETCHER = "quick-order-resolve";

export default function QuickOrderPage() {
  const { locale, view: loaded } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: RESOLVE_FETCHER });
  const navigation = useNavigation();
  const { t } = useTranslation();

  // What the server last said: a check or a failed add (the action), or the page (the loader).
  const posted = actionData && "rows" in actionData ? actionData : null;
  const fromServer = posted ?? loaded;
  const [text, setText] = useState(fromServer.text);
  const [shown, setShown] = useState<{
    server: QuickOrderView;
    fetched: unknown;
    view: QuickOrderView;
  }>({ server: fromServer, fetched: fetcher.data, view: fromServer });
  // A new answer of the page takes over the text box and the table; a new check as typed, the
  // table. Each answer counts once: an old check never hides the page's newer answer.
  if (shown.server !== fromServer) {
    setShown({ server: fromServer, fetched: fetcher.data, view: fromServer });
    setText(fromServer.text);
  } else if (shown.fetched !== fetcher.data) {
    const checked = fetcher.data && "rows" in fetcher.data ? fetcher.data : null;
    setShown({ ...shown, fetched: fetcher.data, view: checked ?? shown.view });
  }
  const view = shown.view;

  // With scripts the lines are checked QUICK_ORDER_RESOLVE_DEBOUNCE_MS after the last key.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const { submit } = fetcher;
  const check = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      submit({ intent: "resolve", lines: next }, { method: "post", action: PAGE });
    }, QUICK_ORDER_RESOLVE_DEBOUNCE_MS);
  };
  useEffect(() => {
    if (navigation.state !== "idle") clearTimeout(timer.current);
  }, [navigation.state]);

  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const checking = busy === "resolve" || fetcher.state !== "idle";
  const valid = view.rows.filter((row) => row.result.kind === "ok").length;
  const errors =
    view.error === "file-too-large"
      ? [t("quickOrder.fileTooLarge", { size: FILE_KB })]
      : view.error === "empty"
        ? [t("quickOrder.empty")]
        : undefined;

  return (
    <PageFrame
      title={t("quickOrder.title")}
      wide
      back={
        <Link
          to="/my-account/overview/"
          className="text-sm text-emerald-800 underline underline-offset-4"
        >
          {t("myAccount.title")}
        </Link>
      }
    >
      <p className="text-stone-700">{t("quickOrder.intro", { max: QUICK_ORDER_MAX_LINES })}</p>
      <Form
        method="post"
        action={PAGE}
        encType="multipart/form-data"
        className="space-y-4"
        data-testid="quick-order-form"
      >
        <Field
          id="quick-order-lines"
          label={t("quickOrder.linesLabel")}
          hint={t("quickOrder.linesHint")}
          errors={view.error === "empty" ? errors : undefined}
        >
          <Textarea
            name="lines"
            rows={8}
            maxLength={QUICK_ORDER_MAX_TEXT_LENGTH}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              check(event.target.value);
            }}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </Field>
        <Field
          id="quick-order-file"
          label={t("quickOrder.fileLabel")}
          hint={t("quickOrder.fileHint", { size: FILE_KB })}
          errors={view.error === "file-too-large" ? errors : undefined}
        >
          <input
            type="file"
            name="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            className="block w-full text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-4 file:font-medium"
            onChange={async (event) => {
              // With scripts the file's lines join the text box at once (and are checked).
              const input = event.currentTarget;
              const file = input.files?.[0];
              if (!file || file.size > QUICK_ORDER_MAX_FILE_BYTES) return;
              const joined = [text.trimEnd(), await file.text()].filter(Boolean).join("\n");
              input.value = "";
              setText(joined);
              check(joined);
            }}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button
            type="submit"
            name="intent"
            value="resolve"
            variant="secondary"
            data-testid="quick-order-check"
          >
            {busy === "resolve" ? t("quickOrder.checking") : t("quickOrder.check")}
          </Button>
          <Button type="submit" name="intent" value="add" data-testid="quick-order-add">
            {busy === "add" ? t("quickOrder.adding") : t("quickOrder.addAll")}
          </Button>
        </div>
      </Form>

      <section aria-labelledby="quick-order-results" aria-busy={checking || undefined}>
        <h2 id="quick-order-results" className="text-xl font-semibold">
          {t("quickOrder.resultsTitle")}
        </h2>
        <p role="status" className="mt-1 text-stone-700" data-testid="quick-order-summary">
          {view.rows.length > 0
            ? t("quickOrder.resultsSummary", { valid, count: view.rows.length })
            : ""}
        </p>
        {view.leftOut > 0 ? (
          <Alert variant="warning" className="mt-3">
            {t("quickOrder.leftOut", { count: view.leftOut, max: QUICK_ORDER_MAX_LINES })}
          </Alert>
        ) : null}
        {view.rows.length > 0 ? <QuickOrderTable rows={view.rows} locale={locale} /> : null}
      </section>
      <p>
        <Link to="/cart" className={buttonClasses({ variant: "secondary" })}>
          {t("cart.title")}
        </Link>
      </p>
    </PageFrame>
  );
}

function QuickOrderTable({ rows, locale }: { rows: QuickOrderRow[]; locale: string }) {
  const { t } = useTranslation();
  const head = "px-3 py-2 text-left font-medium text-stone-700";
  return (
    // A table wider than the page scrolls: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
    <div
      className="mt-3 overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      role="region"
      aria-labelledby="quick-order-results"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll
      tabIndex={0}
    >
      <table className="w-full text-sm" data-testid="quick-order-lines">
        <thead className="bg-stone-50">
          <tr>
            <th scope="col" className={head}>
              {t("quickOrder.row")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.sku")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.quantity")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.status")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.product")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.color")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.size")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.price")}
            </th>
            <th scope="col" className={head}>
              {t("quickOrder.stock")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((row) => {
            const { variant, result } = row;
            return (
              <tr key={row.row} data-testid="quick-order-line" data-sku={row.sku}>
                <td className="px-3 py-2 tabular-nums">{row.row}</td>
                <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                  {row.sku}
                </th>
                <td className="px-3 py-2 tabular-nums">
                  {result.kind === "ok" ? result.quantity : (result.asked ?? row.quantityText)}
                </td>
                <td
                  className={clsx(
                    "px-3 py-2",
                    result.kind === "ok" ? "text-emerald-800" : "font-medium text-red-700",
                  )}
                  data-testid="quick-order-status"
                  data-status={result.kind === "ok" ? "ok" : result.reason}
                >
                  {result.kind === "ok" ? t("quickOrder.ok") : refusalText(t, result)}
                </td>
                <td className="px-3 py-2">{variant?.name ?? ""}</td>
                <td className="px-3 py-2">{variant?.color ?? ""}</td>
                <td className="px-3 py-2">{variant?.size ?? ""}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {variant?.price
                    ? formatMoney(variant.price.amount, variant.price.currencyCode, locale)
                    : ""}
                </td>
                <td className="px-3 py-2 tabular-nums">
                  {variant ? variant.availableQuantity : ""}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
