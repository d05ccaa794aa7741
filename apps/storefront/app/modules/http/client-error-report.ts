/** Where the browser sends its error reports (`routes/client-errors.ts`). */
export const CLIENT_ERRORS_PATH = "/client-errors";

/** How much of a report is kept, and how many one page sends. */
export const REPORT_LIMITS = {
  perPage: 5,
  message: 500,
  source: 300,
  stack: 2000,
  page: 300,
  /** The whole body, in bytes: the route refuses anything larger (413). */
  bodyBytes: 4096,
} as const;

/**
 * One browser error as the browser reports it (ADR 0040); the route checks it against
 * `client-error-report.server.ts`. No zod here: this file is part of every page's first script.
 */
export interface ClientErrorReport {
  kind: "error" | "unhandledrejection";
  message: string;
  source?: string;
  line?: number;
  column?: number;
  stack?: string;
  /** The page's path (no query: it may hold a token). */
  page: string;
  /** The request that rendered the page (its `<meta>`), when the page names one. */
  requestId?: string;
}
