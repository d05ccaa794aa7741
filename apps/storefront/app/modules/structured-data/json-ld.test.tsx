import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd, jsonLdGraph, jsonLdText } from "./json-ld";

describe("the page's JSON-LD", () => {
  it("puts the nodes given into one graph, leaving out the missing ones", () => {
    const graph = jsonLdGraph({ "@type": "Thing", name: "a" }, null, undefined);
    expect(graph).toEqual({
      "@context": "https://schema.org",
      "@graph": [{ "@type": "Thing", name: "a" }],
    });
  });

  it("cannot be closed or commented out by a text inside it", () => {
    const hostile = 'Mugg </script><script>alert(1)</script> <!-- & "citat" \u2028';
    const graph = jsonLdGraph({ "@type": "Product", name: hostile });
    const text = jsonLdText(graph);
    expect(text).not.toMatch(/[<>&\u2028]/);
    // The same data to a JSON parser.
    expect(JSON.parse(text)).toEqual(graph);

    const html = renderToStaticMarkup(<JsonLd text={text} />);
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    const inner = html.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    expect(JSON.parse(inner)).toEqual(graph);
  });

  it("is data, not a script: no nonce, no src", () => {
    const html = renderToStaticMarkup(<JsonLd text={jsonLdText(jsonLdGraph())} />);
    expect(html).not.toMatch(/nonce|src=/);
  });
});
