import { Alert } from "@kassa/ui";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BackendErrorData } from "~/modules/http/backend-errors.server";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { SearchBox } from "~/modules/search/search-box";
import { useRootData } from "~/root-data";

/**
 * The error view of every route: a translated title and text for the status the loader or action
 * threw (404, 503 when the platform cannot be reached, …), never a stack trace.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const paths = useLocalePaths();

  let title = t("error.title");
  let message = t("error.generic");
  let requestId: string | undefined;

  if (isRouteErrorResponse(error)) {
    const body = (error.data ?? {}) as Partial<BackendErrorData> & { message?: string };
    requestId = body.requestId;
    if (error.status === 404) {
      return <NotFound message={body.message ?? t("error.notFound")} />;
    }
    if (error.status === 503 || body.reason === "unavailable") {
      title = t("error.unavailableTitle");
      message = t("error.unavailable");
    } else if (error.status === 400) {
      message = body.message ?? t("error.badRequest");
    }
  } else if (typeof document === "undefined") {
    console.error(error);
  }

  return (
    <div className="mx-auto max-w-xl py-12" data-testid="error-boundary">
      <Alert variant="error" title={title} role="alert">
        <p>{message}</p>
        {requestId ? (
          <p className="mt-2 text-xs text-stone-600">{t("error.reference", { requestId })}</p>
        ) : null}
      </Alert>
      <p className="mt-6 flex gap-4">
        <Link to={paths.home} className="font-medium text-emerald-800 underline underline-offset-4">
          {t("error.backHome")}
        </Link>
        <a href="." className="font-medium text-emerald-800 underline underline-offset-4">
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
function NotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  const paths = useLocalePaths();
  const categories = useRootData()?.categories ?? [];
  return (
    <div className="mx-auto max-w-2xl space-y-8 py-12" data-testid="error-boundary">
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">{t("error.notFoundTitle")}</h1>
        <p className="text-stone-700">{message}</p>
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
