import { isRouteErrorResponse } from "@remix-run/react";

/** What a 404 thrown by `throwNotFound` carries. */
export interface NotFoundData {
  reason: "not-found";
  /** The document title of the not-found page, in the shopper's language. */
  title: string;
  message?: string;
}

/** The document title an error carries (a 404 from `throwNotFound`), for a route's `meta`. */
export function errorTitleOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const title = (error.data as Partial<NotFoundData> | null)?.title;
  return typeof title === "string" ? title : undefined;
}
