import { createHash, randomBytes } from "node:crypto";

/**
 * The inline scripts of a rendered page, for its Content-Security-Policy (ADR 0032). Every render
 * marks the inline scripts it writes itself (Remix's data and route modules, scroll restoration)
 * with a nonce made for that render; this finds exactly those and hashes them. A script that came
 * into the HTML any other way (markup injected through data) cannot carry a nonce that did not
 * exist before the render, so it gets no hash, and the browser refuses to run it.
 *
 * A page a shared cache may keep is answered without the nonce: the cache would replay one nonce
 * to every visitor. The hashes do the same work there and are no secret. A page nobody shares
 * keeps its nonce too, for the inline scripts of a payment provider's snippet that the checkout
 * re-creates in the browser (`ProviderEmbed`).
 */

/** A fresh nonce for one render: 128 random bits. */
export function renderNonce(): string {
  return randomBytes(16).toString("base64");
}

/** CSP's `sha256-…` of a script's text as the browser reads it (CR LF and CR become LF). */
export function scriptHash(text: string): string {
  const normalised = text.replace(/\r\n?/g, "\n");
  return `sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}`;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The text of each inline script in `html` that carries `nonce`. React writes every attribute
 * value escaped (no `>` inside one) and Remix writes its data with `<` escaped, so a script ends
 * at the first `</script`.
 */
export function markedInlineScripts(html: string, nonce: string): string[] {
  const marker = ` nonce="${nonce}"`;
  const scripts: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(marker) || /\ssrc=/i.test(attributes)) continue;
    scripts.push(text);
  }
  return scripts;
}

export interface SecuredPage {
  html: string;
  scriptHashes: string[];
  /** The nonce the policy names; undefined on a page a shared cache may keep. */
  nonce?: string;
}

/** The page as it is sent, with what its policy must name. */
export function securePage(
  html: string,
  nonce: string,
  { shared }: { shared: boolean },
): SecuredPage {
  const scriptHashes = [...new Set(markedInlineScripts(html, nonce).map(scriptHash))];
  if (!shared) return { html, scriptHashes, nonce };
  return { html: html.split(` nonce="${nonce}"`).join(""), scriptHashes };
}
