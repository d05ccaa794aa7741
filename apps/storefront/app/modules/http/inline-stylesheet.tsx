import { createContext, useContext } from "react";

/**
 * The stylesheet inside the HTML (issue 15): a `<link rel="stylesheet">` is the one request that
 * holds back a first paint, and at 10 KB gzip the whole stylesheet is small enough to send with
 * every page. `entry.server.tsx` gives the built CSS through this context; the browser's render
 * takes the text from the `<style>` the server sent, so hydration sees the same markup. Where no
 * built CSS can be read (the Vite dev server) the page links the stylesheet as before.
 */
export const InlineStylesheet = createContext<string | undefined>(undefined);

const STYLE_ID = "kassa-stylesheet";

export function Stylesheet({ href }: { href: string }) {
  const fromServer = useContext(InlineStylesheet);
  const css =
    fromServer ??
    (typeof document === "undefined"
      ? undefined
      : (document.getElementById(STYLE_ID)?.textContent ?? undefined));
  if (css === undefined) return <link rel="stylesheet" href={href} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own built stylesheet.
  return <style id={STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
