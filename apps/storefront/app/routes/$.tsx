import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import {
  postToPageWithoutForm,
  redirectLegacyOrNotFound,
} from "~/modules/http/locale-routing.server";
import { errorTitleOf } from "~/modules/http/not-found";
import { descriptionMeta, NOINDEX } from "~/modules/http/page-meta";

/**
 * Every address no other route takes: a 404 with the shop around it (header, footer, the search
 * box and the categories of the not-found page), rather than a bare error.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // `/kategori/a/b/c`: an address from before every page had its locale (ADR 0037).
  return redirectLegacyOrNotFound(request);
}

/** A form still open on a page from before the locales (ADR 0037) reaches the new page. */
export const action = postToPageWithoutForm;

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
