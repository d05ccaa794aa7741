import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM, type JsdomElement, type JsdomNode, type JsdomWindow } from "jsdom";

/**
 * SVG uploads made harmless before they are stored (ADR 0014). An SVG is a document that can run
 * script and fetch from anywhere; a company's admin uploads it and every member opens it. DOMPurify
 * (on jsdom) with its SVG profile keeps the drawing and drops the rest:
 *
 * - no `<script>`, `<foreignObject>` (HTML inside the picture), `<style>` element, and no
 *   `<animate>`/`<set>` (they can rewrite an attribute into a script URL after sanitising);
 * - no event handler (`onload`, …) or other attribute outside the SVG profile;
 * - `href` / `xlink:href` only to a fragment of the same file (`#id`, which `<use>` needs), or, on
 *   `<image>`, to an embedded raster picture (`data:image/png|jpeg|gif|webp`);
 * - no `url(…)` in an attribute (`fill`, `filter`, `style`, …) but `url(#id)`, and no CSS escape
 *   (`\75 rl(` is `url(`) or `@import`/`image-set(` in one.
 *
 * The upload is read as a browser reads an SVG file, as XML, so what is kept is what the uploader
 * drew (HTML parsing would let an `<iframe/>` inside `<foreignObject>` swallow the rest of the
 * file). A file that is not well-formed XML, lacks the SVG namespace or declares entities (an
 * entity repeated a million times is a gigabyte) is read by the lenient HTML parser instead, which
 * expands no declared entity. The result is serialised as XML: what is stored is a standalone SVG
 * file with its namespace declared.
 */

/** Why an SVG is not stored: nothing is left to draw, or it does not come out as an SVG file. */
export class UnreadableSvg extends Error {
  override name = "UnreadableSvg" as const;
}

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";

/** Elements that put something on the page; an SVG without one outside `<defs>` draws nothing. */
const DRAWING_ELEMENTS = new Set([
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "image",
  "use",
]);

/** Containers whose content is drawn only when referred to (or never). */
const NOT_DRAWN = new Set([
  "defs",
  "title",
  "desc",
  "metadata",
  "symbol",
  "clippath",
  "mask",
  "pattern",
  "marker",
  "lineargradient",
  "radialgradient",
  "filter",
]);

const EMBEDDED_PICTURE = /^data:image\/(png|jpeg|gif|webp)[;,]/i;
const FRAGMENT = /^#[^\s"'<>()\\]*$/;
const FRAGMENT_URL = /url\(\s*(["']?)#[^\s"'()\\]*\1\s*\)/gi;
const CSS_REFERENCE = /url\(|image-set\(|image\(|@import|expression\(|\\/i;

/** Whether a reference attribute (`href`, `xlink:href`) points only inside the file. */
function isSafeReference(element: string, value: string): boolean {
  const trimmed = value.trim();
  if (FRAGMENT.test(trimmed)) return true;
  return element.toLowerCase() === "image" && EMBEDDED_PICTURE.test(trimmed);
}

/** Whether a value holds no CSS reference but `url(#id)`, and no escape that could hide one. */
export function hasOnlyFragmentUrls(value: string): boolean {
  return !CSS_REFERENCE.test(value.replace(FRAGMENT_URL, ""));
}

let purifier: DOMPurify | undefined;
let window: JsdomWindow | undefined;

/** One jsdom window and one DOMPurify for the process: making a window takes milliseconds. */
function sanitiser(): { purify: DOMPurify; window: JsdomWindow } {
  if (!purifier || !window) {
    window = new JSDOM("").window;
    // DOMPurify's type of a window names the DOM library's globals, which this Node service leaves
    // out (`jsdom.d.ts`); jsdom's window is the one DOMPurify documents for Node.
    purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purifier.addHook("uponSanitizeAttribute", (node, data) => {
      // A jsdom element; without the DOM library its type is the empty `Element` that React's
      // types (the mail templates', ADR 0044) declare, so its name is read through a narrower type.
      const { nodeName } = node as unknown as { nodeName: string };
      const name = data.attrName.toLowerCase();
      if (name === "href" || name === "xlink:href") {
        if (!isSafeReference(nodeName, data.attrValue)) data.keepAttr = false;
      } else if (!hasOnlyFragmentUrls(data.attrValue)) {
        data.keepAttr = false;
      }
    });
  }
  return { purify: purifier, window };
}

function drawsSomething(element: JsdomElement): boolean {
  for (const child of Array.from(element.children)) {
    const name = child.localName.toLowerCase();
    if (NOT_DRAWN.has(name)) continue;
    if (DRAWING_ELEMENTS.has(name) || drawsSomething(child)) return true;
  }
  return false;
}

const CDATA_SECTION = 4;
const PROCESSING_INSTRUCTION = 7;

/**
 * CDATA sections become the text they hold and processing instructions (`<?xml-stylesheet?>`) go:
 * DOMPurify works in an HTML document, which has neither.
 */
function toPlainNodes(node: JsdomNode, window: JsdomWindow): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === CDATA_SECTION) {
      child.replaceWith(window.document.createTextNode(child.nodeValue ?? ""));
    } else if (child.nodeType === PROCESSING_INSTRUCTION) {
      child.remove();
    } else {
      toPlainNodes(child, window);
    }
  }
}

/** The upload as XML when it is an SVG file a browser would read (see above); else its text. */
function parsedUpload(text: string, window: JsdomWindow): JsdomNode | string {
  if (/<!ENTITY/i.test(text)) return text;
  try {
    const document = new window.DOMParser().parseFromString(text, "image/svg+xml");
    const root = document.documentElement;
    if (
      document.getElementsByTagName("parsererror").length > 0 ||
      root.localName !== "svg" ||
      root.namespaceURI !== SVG_NAMESPACE
    ) {
      return text;
    }
    toPlainNodes(root, window);
    return root;
  } catch {
    return text;
  }
}

/**
 * The SVG text to store for an uploaded SVG: sanitised, standalone and well-formed XML. Throws
 * {@link UnreadableSvg} when no `<svg>` is there, nothing is left to draw, or the result would not
 * parse as XML.
 */
export function sanitiseSvg(bytes: Uint8Array): string {
  const { purify, window: dom } = sanitiser();
  const text = new TextDecoder("utf-8").decode(bytes);
  const body: JsdomElement = purify.sanitize(parsedUpload(text, dom) as string, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `<use>` repeats a shape of the same file (the `href` rule above keeps it inside the file).
    ADD_TAGS: ["use"],
    FORBID_TAGS: ["style", "foreignObject", "script", "animate", "set"],
    RETURN_DOM: true,
  });
  const root = Array.from(body.children).find(
    (element) => element.localName === "svg" && element.namespaceURI === SVG_NAMESPACE,
  );
  if (!root || !drawsSomething(root)) throw new UnreadableSvg("The SVG has nothing to draw");
  // The namespace is written on the root by the serialiser whether or not the upload declared it.
  const svg = new dom.XMLSerializer().serializeToString(root);
  const check = new dom.DOMParser().parseFromString(svg, "image/svg+xml");
  if (
    check.getElementsByTagName("parsererror").length > 0 ||
    check.documentElement.namespaceURI !== SVG_NAMESPACE
  ) {
    throw new UnreadableSvg("The SVG does not come out as XML");
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}
