import { canonicalUrlOf } from "~/modules/http/canonical-url.server";
import { type Locale, localePath } from "~/modules/http/locale-url";
import { publicUrl } from "~/modules/http/public-origin.server";
import { LOGO_PATH } from "~/modules/http/share.server";
import { type BreadcrumbStep, breadcrumbListJsonLd } from "./breadcrumbs";
import { organizationId, webSiteId } from "./ids";
import { organizationJsonLd } from "./organization";
import { webSiteJsonLd } from "./website";

/**
 * The loaders' side of the structured data: the builders of this folder are pure and take
 * absolute URLs; this gives them the ones the shop names, all on the configured public origin
 * (`publicUrl`), the page's own from `canonicalUrlOf`, never from the request's host.
 */

/** The shop's root URL, which the Organization's and WebSite's `@id`s hang on. */
export function siteUrl(): string {
  return publicUrl("/");
}

/** The `@id` an Offer's seller points at. */
export function shopOrganizationId(): string {
  return organizationId(siteUrl());
}

/** The home page's Organization and WebSite (with its SearchAction in the page's locale). */
export function shopNodes({ name, locale }: { name: string; locale: Locale }) {
  const url = siteUrl();
  return [
    organizationJsonLd({ url, logo: publicUrl(LOGO_PATH), id: organizationId(url) }),
    webSiteJsonLd({
      url,
      id: webSiteId(url),
      name,
      language: locale.language,
      searchUrl: publicUrl(localePath(locale, "/search")),
      publisherId: organizationId(url),
    }),
  ];
}

/** A link of a shown breadcrumb: its text and the path it goes to (`/sv-se`, `/sv-se/kategori/klader`). */
export interface ShownLink {
  name: string;
  path: string;
}

/**
 * The BreadcrumbList of the breadcrumb a page shows: its links' paths made absolute, then the page
 * itself (shown without a link) at its canonical URL. Built by the loader from the same trail the
 * page's `<Breadcrumb>` shows, so the two name the same steps.
 */
export function shownBreadcrumb(request: Request, links: readonly ShownLink[], current: string) {
  const steps: BreadcrumbStep[] = [
    ...links.map((link) => ({ name: link.name, url: publicUrl(link.path) })),
    { name: current, url: canonicalUrlOf(request) },
  ];
  return breadcrumbListJsonLd(steps);
}
