import { Alert } from "@kassa/ui";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BackendErrorData } from "~/modules/http/backend-errors.server";

/**
 * The error view of every route: a translated title and text for the status the loader or action
 * threw (404, 503 when the platform cannot be reached, …), never a stack trace.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  let title = t("error.title");
  let message = t("error.generic");
  let requestId: string | undefined;

  if (isRouteErrorResponse(error)) {
    const body = (error.data ?? {}) as Partial<BackendErrorData> & { message?: string };
    requestId = body.requestId;
    if (error.status === 404) {
      title = t("error.notFoundTitle");
      message = body.message ?? t("error.notFound");
    } else if (error.status === 503 || body.reason === "unavailable") {
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
        <Link to="/" className="font-medium text-emerald-800 underline underline-offset-4">
          {t("error.backHome")}
        </Link>
        <a href="." className="font-medium text-emerald-800 underline underline-offset-4">
          {t("error.tryAgain")}
        </a>
      </p>
    </div>
  );
}
