import type { Graph, Thing } from "schema-dts";

/**
 * JSON-LD (schema.org in JSON, https://json-ld.org): what search engines read about a page beside
 * its HTML. Every page's nodes go into one `@graph`, so nodes can point at each other by `@id`
 * (an Offer's seller is the shop's Organization) and a page has one `<script>` to read.
 */
export type JsonLdGraph = Graph;

/** One page's graph of `nodes` (missing ones left out). */
export function jsonLdGraph(...nodes: readonly (Thing | null | undefined)[]): JsonLdGraph {
  return {
    "@context": "https://schema.org",
    "@graph": nodes.filter((node): node is Thing => node != null),
  };
}

/**
 * The graph as the text of a `<script type="application/ld+json">`. JSON may hold `</script>` or
 * `<!--` inside a string (a product's description is text the shop does not write), which would
 * end the element or change how the HTML parser reads it: `<`, `>` and `&` are written as JSON's
 * `\u003c`-style escapes, which mean the same characters to every JSON parser. U+2028 and U+2029
 * are escaped too (old JavaScript parsers read them as line ends).
 */
export function jsonLdText(graph: JsonLdGraph): string {
  return JSON.stringify(graph).replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * The page's structured data, as {@link jsonLdText} wrote it in the loader (a string travels to
 * the browser as it is; the graph's schema.org types are too deep for Remix's serialised types).
 * Data, not a script: browsers do not run `application/ld+json`, so the Content-Security-Policy
 * does not apply to it and it carries no nonce (ADR 0032).
 */
export function JsonLd({ text }: { text: string }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every `<` escaped (jsonLdText).
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
