import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let cached: { href: string; css: string | undefined } | undefined;

/**
 * The built stylesheet's text, read once from `build/client` beside the server build; undefined
 * when it is not there (the Vite dev server serves the CSS itself, and the page links it).
 */
export function builtStylesheet(href: string, serverBuildUrl: string): string | undefined {
  if (cached?.href === href) return cached.css;
  let css: string | undefined;
  // The server build is `build/server/index.js` and its chunks under `build/server/assets/`.
  for (const up of ["../client", "../../client"]) {
    try {
      css = readFileSync(fileURLToPath(new URL(`${up}${href}`, serverBuildUrl)), "utf8");
      break;
    } catch {}
  }
  cached = { href, css };
  return css;
}
