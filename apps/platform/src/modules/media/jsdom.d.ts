/**
 * The part of jsdom that the SVG sanitiser (and its test) use. jsdom's DefinitelyTyped types
 * would bring the DOM library's globals (`window`, `document`, DOM `BodyInit`, …) into every file
 * of this Node service; these few declarations keep them out.
 */
declare module "jsdom" {
  /** A node, as far as the sanitiser walks and changes one. */
  export interface JsdomNode {
    readonly nodeType: number;
    readonly nodeValue: string | null;
    readonly childNodes: ArrayLike<JsdomNode>;
    replaceWith(node: JsdomNode): void;
    remove(): void;
  }

  /** An element, as far as the sanitiser reads one. */
  export interface JsdomElement extends JsdomNode {
    readonly localName: string;
    readonly namespaceURI: string | null;
    readonly children: ArrayLike<JsdomElement>;
    readonly textContent: string | null;
    getAttribute(name: string): string | null;
  }

  export interface JsdomDocument {
    readonly documentElement: JsdomElement;
    createTextNode(data: string): JsdomNode;
    getElementsByTagName(name: string): ArrayLike<JsdomElement>;
    querySelector(selectors: string): JsdomElement | null;
    querySelectorAll(selectors: string): ArrayLike<JsdomElement>;
  }

  export interface JsdomWindow {
    readonly document: JsdomDocument;
    DOMParser: new () => {
      parseFromString(text: string, type: "image/svg+xml" | "text/html"): JsdomDocument;
    };
    XMLSerializer: new () => { serializeToString(node: JsdomElement): string };
  }

  export class JSDOM {
    constructor(html?: string);
    readonly window: JsdomWindow;
  }
}
