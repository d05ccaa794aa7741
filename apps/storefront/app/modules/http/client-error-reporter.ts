import { CLIENT_ERRORS_PATH, type ClientErrorReport, REPORT_LIMITS } from "./client-error-report";
import { requestIdOfDocument } from "./page-request-id";

/**
 * Sends the browser's uncaught errors and unhandled promise rejections to the storefront
 * (`/client-errors`, ADR 0040), which logs them with the id of the request that rendered the page.
 * `navigator.sendBeacon`: it does not hold up the page, and still goes when the page is closing.
 * A page sends a few at most, each cut to size, so a loop that throws cannot flood the shop.
 */
export function reportBrowserErrors(target: Window = window): void {
  let sent = 0;
  const send = (report: ClientErrorReport) => {
    if (sent >= REPORT_LIMITS.perPage || typeof navigator.sendBeacon !== "function") return;
    sent++;
    // A string goes as `text/plain`: a simple request, whatever the page's origin setup.
    navigator.sendBeacon(CLIENT_ERRORS_PATH, JSON.stringify(report));
  };
  const page = () => location.pathname;
  const cut = (text: unknown, length: number) =>
    typeof text === "string" ? text.slice(0, length) : undefined;

  target.addEventListener("error", (event: ErrorEvent) => {
    // A resource that failed to load (an image) is an `Event`, not an `ErrorEvent`: not ours.
    if (!(event instanceof ErrorEvent)) return;
    const error = event.error as { stack?: unknown } | undefined;
    send({
      kind: "error",
      message: cut(event.message, REPORT_LIMITS.message) ?? "",
      source: cut(event.filename, REPORT_LIMITS.source),
      line: event.lineno || undefined,
      column: event.colno || undefined,
      stack: cut(error?.stack, REPORT_LIMITS.stack),
      page: page(),
      requestId: requestIdOfDocument(),
    });
  });
  target.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: unknown; stack?: unknown } | undefined;
    send({
      kind: "unhandledrejection",
      message: cut(reason?.message ?? String(reason), REPORT_LIMITS.message) ?? "",
      stack: cut(reason?.stack, REPORT_LIMITS.stack),
      page: page(),
      requestId: requestIdOfDocument(),
    });
  });
}
