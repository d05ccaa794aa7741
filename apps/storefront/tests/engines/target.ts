/**
 * What a flow points at, the way a shopper names it: a control by its role and accessible name,
 * a field by its label, a piece of text, a test id, or (where nothing better names it) a CSS
 * selector. `in` narrows the search to inside another target (a dialog, a fieldset).
 *
 * One finder ({@link findTarget}) resolves it in the page in every engine, so a flow means the
 * same element in WebKit as in Firefox and Chromium.
 */
export type Target =
  | string
  | { role: Role; name?: string | RegExp; in?: Target }
  | { label: string | RegExp; in?: Target }
  | { text: string | RegExp; in?: Target }
  | { testId: string; in?: Target }
  | { css: string; in?: Target };

export type Role =
  | "alert"
  | "button"
  | "checkbox"
  | "combobox"
  | "dialog"
  | "group"
  | "heading"
  | "link"
  | "listbox"
  | "navigation"
  | "option"
  | "radio"
  | "region"
  | "status"
  | "tab"
  | "textbox";

/** A target as it crosses into the page: regular expressions as source and flags. */
export type WireTarget = {
  kind: "role" | "label" | "text" | "testId" | "css";
  value: string;
  name?: { source: string; flags: string; exact?: string };
  in?: WireTarget;
};

function wireText(value: string | RegExp): { source: string; flags: string; exact?: string } {
  return typeof value === "string"
    ? { source: "", flags: "", exact: value }
    : { source: value.source, flags: value.flags };
}

/** The target in a form that `evaluate` can carry (no RegExp crosses a protocol). */
export function toWire(target: Target): WireTarget {
  if (typeof target === "string") return { kind: "css", value: target };
  const inside = target.in === undefined ? {} : { in: toWire(target.in) };
  if ("role" in target) {
    return {
      kind: "role",
      value: target.role,
      ...(target.name === undefined ? {} : { name: wireText(target.name) }),
      ...inside,
    };
  }
  if ("label" in target)
    return { kind: "label", value: "", name: wireText(target.label), ...inside };
  if ("text" in target) return { kind: "text", value: "", name: wireText(target.text), ...inside };
  if ("testId" in target) return { kind: "testId", value: target.testId, ...inside };
  return { kind: "css", value: target.css, ...inside };
}

/** How a target reads in an error message. */
export function describeTarget(target: Target): string {
  return typeof target === "string"
    ? target
    : JSON.stringify(target, (_key, value) => (value instanceof RegExp ? String(value) : value));
}

/**
 * Runs in the page (serialised by `evaluate`/`executeScript`, so it must not use anything from
 * outside its own body): every visible element that `wire` names, in document order.
 *
 * The accessible name is the usual short list (aria-labelledby, aria-label, a label, alt, the
 * text, title), enough for the shop's own controls; roles are the implicit roles of HTML plus
 * `role` attributes.
 */
export function findTarget(wire: WireTarget): Element[] {
  const ROLES: Record<string, string> = {
    alert: '[role="alert"]',
    button:
      'button, input[type="submit"], input[type="button"], input[type="reset"], [role="button"], summary',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    combobox: '[role="combobox"], select:not([multiple])',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    group: 'fieldset, [role="group"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    link: 'a[href], [role="link"]',
    listbox: '[role="listbox"], select[multiple]',
    navigation: 'nav, [role="navigation"]',
    option: 'option, [role="option"]',
    radio: 'input[type="radio"], [role="radio"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    status: '[role="status"], output',
    tab: '[role="tab"]',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="password"], input[type="search"], input[type="url"], input[type="number"], textarea, [role="textbox"]',
  };
  const squash = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  const visible = (element: Element) => {
    if (
      element.closest("[hidden], [aria-hidden='true']") &&
      !(element instanceof HTMLOptionElement)
    ) {
      return false;
    }
    if (element instanceof HTMLOptionElement) return true;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const box = element.getBoundingClientRect();
    // A visually hidden radio or checkbox (styled by its label) counts as shown.
    if (box.width === 0 && box.height === 0)
      return element.matches("input[type=radio], input[type=checkbox]");
    return true;
  };
  const textOf = (element: Element): string => {
    if (
      element instanceof HTMLInputElement &&
      ["submit", "button", "reset"].includes(element.type)
    ) {
      return squash(element.value);
    }
    if (element instanceof HTMLImageElement) return squash(element.alt);
    let text = "";
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
      else if (child instanceof HTMLElement) {
        if (child.hidden || child.getAttribute("aria-hidden") === "true") continue;
        if (child instanceof HTMLImageElement) text += ` ${child.alt} `;
        else if (!(child instanceof HTMLScriptElement || child instanceof HTMLStyleElement)) {
          text += ` ${child.getAttribute("aria-label") ?? textOf(child)} `;
        }
      } else if (child instanceof SVGElement) text += ` ${child.getAttribute("aria-label") ?? ""} `;
    }
    return squash(text);
  };
  const labelText = (element: Element): string => {
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash(Array.from(labels).map(textOf).join(" "));
    return "";
  };
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) {
      return squash(
        labelledBy
          .split(/\s+/)
          .map((id) => {
            const labelElement = document.getElementById(id);
            return labelElement ? textOf(labelElement) : "";
          })
          .join(" "),
      );
    }
    const ariaLabel = element.getAttribute("aria-label");
    if (ariaLabel) return squash(ariaLabel);
    if (element instanceof HTMLFieldSetElement) {
      const legend = element.querySelector(":scope > legend");
      if (legend) return textOf(legend);
    }
    const fromLabel = labelText(element);
    if (fromLabel) return fromLabel;
    if (
      element.matches("input, select, textarea") &&
      !element.matches("input[type=submit], input[type=button]")
    ) {
      return squash(element.getAttribute("title") ?? element.getAttribute("placeholder"));
    }
    return textOf(element) || squash(element.getAttribute("title"));
  };
  const matches = (text: string, name: NonNullable<WireTarget["name"]>) =>
    name.exact !== undefined ? text === name.exact : new RegExp(name.source, name.flags).test(text);
  const within = (scope: ParentNode, target: WireTarget): Element[] => {
    let candidates: Element[];
    if (target.kind === "css") candidates = Array.from(scope.querySelectorAll(target.value));
    else if (target.kind === "testId") {
      candidates = Array.from(scope.querySelectorAll(`[data-testid="${target.value}"]`));
    } else if (target.kind === "role") {
      const selector = ROLES[target.value] ?? `[role="${target.value}"]`;
      candidates = Array.from(scope.querySelectorAll(selector)).filter(
        (element) => !target.name || matches(nameOf(element), target.name),
      );
    } else if (target.kind === "label") {
      candidates = Array.from(
        scope.querySelectorAll("input, select, textarea, [role=combobox]"),
      ).filter(
        (element) =>
          target.name &&
          (matches(labelText(element), target.name) ||
            matches(squash(element.getAttribute("aria-label")), target.name)),
      );
    } else {
      // The innermost elements whose own text matches: the text a shopper reads.
      const all = Array.from(scope.querySelectorAll("body *, :scope *")).filter(
        (element) =>
          !(element instanceof HTMLScriptElement || element instanceof HTMLStyleElement) &&
          target.name !== undefined &&
          (target.name.exact !== undefined
            ? textOf(element).includes(target.name.exact)
            : matches(textOf(element), target.name)),
      );
      candidates = all.filter(
        (element) => !all.some((other) => other !== element && element.contains(other)),
      );
    }
    return candidates.filter(visible);
  };
  const scopes: ParentNode[] = wire.in ? findTarget(wire.in) : [document];
  const found: Element[] = [];
  for (const scope of scopes)
    for (const element of within(scope, wire)) {
      if (!found.includes(element)) found.push(element);
    }
  return found;
}

/**
 * Runs in the page: the text a shopper reads in `node`, whitespace squashed. A field's is its
 * value, a select's its chosen option's text.
 */
export function readText(node: Element): string {
  const text =
    node instanceof HTMLSelectElement
      ? (node.selectedOptions[0]?.text ?? "")
      : node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement
        ? node.value
        : // The rendered text, as a reader sees it (no text of hidden children, line breaks kept).
          // biome-ignore lint/performance/useDomNodeTextContent: the shown text is the point here
          ((node as HTMLElement).innerText ?? node.textContent ?? "");
  return text.replace(/\s+/g, " ").trim();
}
