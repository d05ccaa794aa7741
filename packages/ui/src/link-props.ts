import type { ElementType } from "react";

/**
 * The props a link component gets for `href`. Router links disagree on the name (Remix and
 * React Router take `to`, others `href`), so a component gets both; a plain tag such as `"a"`
 * gets only `href`, because `to` is not an HTML attribute.
 */
export function linkProps(component: ElementType, href: string): { href: string; to?: string } {
  return typeof component === "string" ? { href } : { href, to: href };
}
