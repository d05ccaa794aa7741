import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { errorTitleOf } from "~/modules/http/not-found";
import { throwNotFound } from "~/modules/http/not-found.server";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";

/**
 * Every address no other route takes: a 404 with the shop around it (header, footer, the search
 * box and the categories of the not-found page), rather than a bare error.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return throwNotFound(request);
}

export const meta: MetaFunction = ({ error, matches }) => [
  { title: errorTitleOf(error) ?? "Kassa" },
  descriptionMeta(matches),
  NOINDEX,
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
