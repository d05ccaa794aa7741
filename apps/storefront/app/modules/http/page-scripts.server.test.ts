import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { markedInlineScripts, renderNonce, scriptHash, securePage } from "./page-scripts.server";

const sha256 = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

const nonce = "c2VjcmV0LW5vbmNlLTEyMw==";
const page = Buffer.from(
  [
    "<!DOCTYPE html><html><head>",
    `<link rel="modulepreload" href="/assets/entry.js"/>`,
    `<script src="/assets/external.js" nonce="${nonce}"></script>`,
    "</head><body>",
    `<p>Hello</p><script>alert("injected")</script>`,
    `<script nonce="${nonce}">window.__remixContext = {"a":"\\u003c/script>"};</script>`,
    `<script nonce="${nonce}" type="module" async="">import "/assets/root.js";</script>`,
    `<script nonce="wrong">alert("guessed")</script>`,
    "</body></html>",
  ].join(""),
);

describe("the inline scripts of a rendered page", () => {
  it("are the ones the render marked with its nonce, and only those", () => {
    expect(markedInlineScripts(page, nonce)).toEqual([
      'window.__remixContext = {"a":"\\u003c/script>"};',
      'import "/assets/root.js";',
    ]);
  });

  it("are hashed as the browser reads them", () => {
    expect(scriptHash("let a = 1;")).toBe(sha256("let a = 1;"));
    // The HTML parser turns CR LF and lone CR into LF before the script is run.
    expect(scriptHash("a();\r\nb();\rc();")).toBe(sha256("a();\nb();\nc();"));
    expect(scriptHash(Buffer.from("å = 1;"))).toBe(sha256("å = 1;"));
  });

  it("keep the nonce on a page nobody shares, and lose it on one a shared cache keeps", () => {
    const hashes = markedInlineScripts(page, nonce).map(scriptHash);
    expect(securePage(page, nonce, { shared: false })).toEqual({
      html: page,
      scriptHashes: hashes,
      nonce,
    });
    const shared = securePage(page, nonce, { shared: true });
    expect(shared.scriptHashes).toEqual(hashes);
    expect(shared.nonce).toBeUndefined();
    const sent = shared.html.toString("utf8");
    expect(sent).not.toContain(nonce);
    expect(sent).toContain(`<script type="module" async="">import "/assets/root.js";`);
    expect(sent).toContain(`<script src="/assets/external.js"></script>`);
    expect(sent).toContain(`<script nonce="wrong">`);
  });

  it("get a new nonce every render", () => {
    const nonces = new Set(Array.from({ length: 100 }, renderNonce));
    expect(nonces.size).toBe(100);
    for (const value of nonces) expect(value).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
