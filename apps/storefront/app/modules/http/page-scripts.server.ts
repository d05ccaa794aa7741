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
export function scriptHash(text: string | Uint8Array): string {
  const source = typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(text);
  const normalised = source.includes(CR)
    ? Buffer.from(source.toString("utf8").replace(/\r\n?/g, "\n"), "utf8")
    : source;
  return `sha256-${createHash("sha256").update(normalised).digest("base64")}`;
}

const CR = 0x0d;
const LESS_THAN = 0x3c;

/** Where the render's marker stands in the page, and the inline script it marks, if any. */
interface Mark {
  at: number;
  /** The script's text as bytes; undefined when the marker is on something else. */
  script?: Buffer;
}

/**
 * Every place the render's nonce stands in `html`, with the text of the inline script it marks.
 * Found from the nonce itself, on the bytes as they will be sent (no decoding): a page is 100 KB or
 * more and has about six such scripts. React writes every attribute value escaped (no `<` or `>`
 * inside one) and Remix writes its data with `<` escaped, so the tag starts at the last `<` before
 * the nonce and the script ends at the first `</script` after it.
 */
function marks(html: Buffer, marker: string): Mark[] {
  const found: Mark[] = [];
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, at + marker.length)) {
    const tagStart = html.lastIndexOf(LESS_THAN, at);
    const tagEnd = html.indexOf(">", at);
    const tag = html.subarray(tagStart, tagEnd).toString("latin1");
    const end = html.indexOf("</script", tagEnd);
    const inline = /^<script\s/i.test(tag) && !/\ssrc=/i.test(tag) && end !== -1;
    found.push({ at, script: inline ? html.subarray(tagEnd + 1, end) : undefined });
  }
  return found;
}

const markerOf = (nonce: string) => ` nonce="${nonce}"`;

/** The text of each inline script in `html` that carries `nonce`. */
export function markedInlineScripts(html: Buffer, nonce: string): string[] {
  return marks(html, markerOf(nonce)).flatMap(({ script }) =>
    script ? [script.toString("utf8")] : [],
  );
}

export interface SecuredPage {
  html: Buffer<ArrayBuffer>;
  scriptHashes: string[];
  /** The nonce the policy names; undefined on a page a shared cache may keep. */
  nonce?: string;
}

/** The page as it is sent, with what its policy must name. */
export function securePage(
  html: Buffer<ArrayBuffer>,
  nonce: string,
  { shared }: { shared: boolean },
): SecuredPage {
  const marker = markerOf(nonce);
  const found = marks(html, marker);
  const scriptHashes = [
    ...new Set(found.flatMap(({ script }) => (script ? [scriptHash(script)] : []))),
  ];
  if (!shared) return { html, scriptHashes, nonce };
  const parts: Buffer[] = [];
  let from = 0;
  for (const { at } of found) {
    parts.push(html.subarray(from, at));
    from = at + marker.length;
  }
  parts.push(html.subarray(from));
  return { html: Buffer.concat(parts), scriptHashes };
}
