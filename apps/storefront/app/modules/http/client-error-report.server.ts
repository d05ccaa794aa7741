import { z } from "zod";
import { type ClientErrorReport, REPORT_LIMITS } from "./client-error-report";

/**
 * A browser's error report as the route accepts it (ADR 0040). Every field is bounded: a report is
 * written to the log as it came, so nothing in it may be large, and the request id must be one
 * the shop could have made.
 */
export const clientErrorReportSchema: z.ZodType<ClientErrorReport> = z.object({
  kind: z.enum(["error", "unhandledrejection"]),
  message: z.string().max(REPORT_LIMITS.message),
  source: z.string().max(REPORT_LIMITS.source).optional(),
  line: z.number().int().nonnegative().optional(),
  column: z.number().int().nonnegative().optional(),
  stack: z.string().max(REPORT_LIMITS.stack).optional(),
  page: z.string().max(REPORT_LIMITS.page),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/)
    .optional(),
});
