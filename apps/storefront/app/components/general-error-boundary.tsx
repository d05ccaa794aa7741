import { isSafeRedirectPath } from "@kassa/domain";
import { Alert } from "@kassa/ui";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BackendErrorData } from "~/modules/http/backend-errors.server";
import { useRenderedRequestId } from "~/modules/http/page-request-id";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { SearchBox } from "~/modules/search/search-box";
import { useRootData } from "~/root-data";

/**
 * The error view of every route: a translated title and text for the status the loader or action
 * threw (404, 503 when the platform cannot be reached, 504 when it did not answer in time, …),
 * never a stack trace, and the reference support asks for (ADR 0040): the id the error's answer
 * names (the platform's, which is the storefront request's own), else the id of the request that
 * rendered the page.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const paths = useLocalePaths();
  // Trying again asks for this very page, its query included (a search, a confirmation); a path
  // that a browser would read as another host (`//evil.example/`) is not linked to.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const renderedRequestId = useRenderedRequestId();

  let title = t("error.title");
  let message = t("error.generic");
  let requestId = renderedRequestId;

  if (isRouteErrorResponse(error)) {
    const body = (error.data ?? {}) as Partial<BackendErrorData> & { message?: string };
    requestId = body.requestId ?? renderedRequestId;
    if (error.status === 404) {
      return <NotFound message={body.message ?? t("error.notFound")} requestId={requestId} />;
    }
    if (body.reason === "timed-out") {
      title = t("error.timedOutTitle");
      message = t("error.timedOut");
    } else if (error.status === 503 || body.reason === "unavailable") {
      title = t("error.unavailableTitle");
      message = t("error.unavailable");
    } else if (error.status === 400) {
      message = body.message ?? t("error.badRequest");
    }
  }
  // Any other error was logged with the request's id where it was thrown (`handleError` in
  // `entry.server.tsx`).

  return (
    <div className="mx-auto max-w-xl py-12" data-testid="error-boundary">
      <Alert variant="error" title={title} heading="h1" role="alert">
        <p>{message}</p>
        <Reference requestId={requestId} />
      </Alert>
      <p className="mt-6 flex gap-4">
        <Link to={paths.home} className="font-medium text-emerald-800 underline underline-offset-4">
          {t("error.backHome")}
        </Link>
        <a
          href={isSafeRedirectPath(here) ? here : paths.home}
          className="font-medium text-emerald-800 underline underline-offset-4"
        >
          {t("error.tryAgain")}
        </a>
      </p>
    </div>
  );
}

/**
 * The not-found page: a heading, what was not found, a search box, the categories and the way
 * home. Trying again cannot help here, so it is not offered.
 */
function NotFound({ message, requestId }: { message: string; requestId: string | undefined }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const categories = useRootData()?.categories ?? [];
  return (
    <div className="mx-auto max-w-2xl space-y-8 py-12" data-testid="error-boundary">
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("error.notFoundTitle")}</h1>
        <p className="text-stone-700">{message}</p>
        <Reference requestId={requestId} />
      </div>
      <section aria-labelledby="not-found-search" className="space-y-2">
        <h2 id="not-found-search" className="text-lg font-medium">
          {t("error.notFoundSearch")}
        </h2>
        <SearchBox id="not-found-query" />
      </section>
      {categories.length > 0 ? (
        <nav aria-labelledby="not-found-categories" className="space-y-2">
          <h2 id="not-found-categories" className="text-lg font-medium">
            {t("error.notFoundCategories")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.id}>
                <Link
                  to={paths.category(category.uri)}
                  className="inline-block rounded-full border border-stone-300 bg-white px-4 py-2 text-stone-800 hover:border-emerald-700 hover:text-emerald-800"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to={paths.home} className="font-medium text-emerald-800 underline underline-offset-4">
          {t("error.backHome")}
        </Link>
      </p>
    </div>
  );
}

/** "Reference: <id>", small: what a shopper reads out to support, who finds it in the logs. */
function Reference({ requestId }: { requestId: string | undefined }) {
  const { t } = useTranslation();
  if (!requestId) return null;
  return (
    <p className="mt-2 text-xs text-stone-600" data-testid="error-reference">
      {t("error.reference", { requestId })}
    </p>
  );
}
