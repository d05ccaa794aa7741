import { redactUrl } from "@kassa/node-server/redaction";
import type { ActionFunctionArgs } from "@remix-run/node";
import { REPORT_LIMITS } from "~/modules/http/client-error-report";
import { clientErrorReportSchema } from "~/modules/http/client-error-report.server";
import { logger, withoutEmails } from "~/modules/http/logger.server";
import { reportRate } from "~/modules/http/report-rate.server";

const rate = reportRate();

const answer = (status: number) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/**
 * `POST /client-errors`: an error a shopper's browser met (`client-error-reporter.ts`, sent with
 * `navigator.sendBeacon`), written to the log at `warn` with the id of the request that rendered
 * the page (`pageRequestId`) beside this request's own (ADR 0040). Small (4 KB), checked field by
 * field, and rate-limited; the answer is empty whatever happened, since nobody reads it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer(405);
  const body = await request.arrayBuffer();
  if (body.byteLength > REPORT_LIMITS.bodyBytes) return answer(413);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return answer(400);
  }
  const report = clientErrorReportSchema.safeParse(parsed);
  if (!report.success) return answer(400);
  if (!rate.allow(context.clientAddress)) return answer(429);
  const { requestId: pageRequestId, ...error } = report.data;
  const clientError = {
    ...error,
    page: redactUrl(error.page),
    message: withoutEmails(error.message),
    ...(error.stack ? { stack: withoutEmails(error.stack) } : {}),
    ...(error.source ? { source: redactUrl(error.source) } : {}),
  };
  logger().warn(
    { pageRequestId, clientError },
    `browser ${error.kind} on ${clientError.page}: ${clientError.message}`,
  );
  return answer(204);
}

/** Only the browser's beacon posts here. */
export function loader() {
  return answer(405);
}
