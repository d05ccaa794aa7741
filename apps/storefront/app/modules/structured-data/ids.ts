/**
 * The `@id`s of the shop's own nodes: the Organization and the WebSite are described in full on
 * the home page, and every other page's nodes point at them by these ids (an Offer's seller), as
 * Google reads one site's graph across pages. Fragments of the site's root URL, so they are stable
 * whatever page carries them.
 */
export function organizationId(siteUrl: string): string {
  return `${siteUrl.replace(/\/$/, "")}/#organization`;
}

export function webSiteId(siteUrl: string): string {
  return `${siteUrl.replace(/\/$/, "")}/#website`;
}
