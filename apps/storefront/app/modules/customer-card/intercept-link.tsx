import { type AnchorHTMLAttributes, createContext, useContext } from "react";

/**
 * What a click on an {@link InterceptLink} does instead of navigating: it gets the link, so it
 * can read its `href` or `data-*` attributes.
 */
export type LinkInterceptor = (link: HTMLAnchorElement) => void;

export const LinkInterceptorContext = createContext<LinkInterceptor | null>(null);

/**
 * A plain link for the ui package's `linkComponent` (pages, tabs) that, once JavaScript runs and
 * an interceptor is given, updates the card in place (a fetcher, a tab's state) instead of loading
 * the page. Without JavaScript it is the page's own URL, so every page and tab still opens.
 */
export function InterceptLink({
  to: _to,
  href,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string }) {
  const intercept = useContext(LinkInterceptorContext);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (!intercept) return;
        event.preventDefault();
        intercept(event.currentTarget);
      }}
    />
  );
}
