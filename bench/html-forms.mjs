// What a browser without JavaScript reads from a page: its forms (with what pressing one of their
// buttons would send), its links, and the text of a marked element. Small and regex-based on
// purpose: the load bench reads every page of 200 shoppers on the same two cores as the shop, and
// a full HTML parser would take a visible share of them. It reads the pages the shop renders
// (well-formed React output) and the payment sandbox's page, nothing else.

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return String.fromCodePoint(code);
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The attributes of one start tag (`<input type="hidden" name="a" value="b" disabled>`). */
export function attributesOf(tag) {
  const attributes = {};
  const pattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const inner = tag.replace(/^<[a-z0-9]+/i, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(pattern)) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/** Strips tags and collapses white space: what a person reads. */
export function textOf(html) {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The page's forms: `action` and `method` (as a browser resolves them against `pageUrl`), the
 * fields it would send, and its submit buttons.
 */
export function formsIn(html, pageUrl) {
  const forms = [];
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const markup = match[0];
    const attributes = attributesOf(/^<form\b[^>]*>/i.exec(markup)[0]);
    const fields = [];
    for (const tag of markup.matchAll(/<(input|textarea|select)\b[^>]*>/gi)) {
      const field = attributesOf(tag[0]);
      if (!field.name || "disabled" in field) continue;
      const type = (field.type ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !("checked" in field)) continue;
      fields.push([field.name, field.value ?? (type === "checkbox" ? "on" : "")]);
    }
    const buttons = [];
    for (const button of markup.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)) {
      const found = attributesOf(/^<button\b[^>]*>/i.exec(button[0])[0]);
      if ((found.type ?? "submit").toLowerCase() !== "submit") continue;
      buttons.push({
        name: found.name,
        value: found.value ?? "",
        disabled: "disabled" in found,
        label: found["aria-label"] ?? textOf(button[1]),
      });
    }
    forms.push({
      action: new URL(attributes.action ?? "", pageUrl).href,
      method: (attributes.method ?? "get").toUpperCase(),
      fields,
      buttons,
      markup,
    });
  }
  return forms;
}

/** What pressing `button` (one of `form.buttons`) sends, with `changes` typed into the fields. */
export function submission(form, button, changes = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) {
    body.append(name, Object.hasOwn(changes, name) ? String(changes[name]) : value);
  }
  if (button?.name) body.append(button.name, button.value);
  return body;
}

/** The value of a form's field, or undefined. */
export function fieldOf(form, name) {
  return form.fields.find(([field]) => field === name)?.[1];
}

/** Every distinct `href` on the page that starts with `prefix` (`/sv-se/produkt/`). */
export function linksIn(html, prefix) {
  const found = new Set();
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)) {
    const href = decodeEntities(match[1]);
    if (href.startsWith(prefix)) found.add(href);
  }
  return [...found];
}

/**
 * The markup from the element marked `data-testid="<id>"` to its end (tags of the same name are
 * counted, so nested ones do not end it early), or undefined.
 */
export function testIdElement(html, id) {
  const marker = html.indexOf(`data-testid="${id}"`);
  if (marker < 0) return undefined;
  const start = html.lastIndexOf("<", marker);
  const name = /^<([a-z0-9]+)/i.exec(html.slice(start))?.[1];
  if (!name) return undefined;
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  tags.lastIndex = start;
  let depth = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[0].endsWith("/>")) continue;
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, tag.index + tag[0].length);
  }
  return html.slice(start);
}

/** The outermost `<tag>` elements inside `html` (a list's own items, not those of lists in them). */
export function outermost(html, tag) {
  const items = [];
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*>`, "gi");
  let depth = 0;
  let start = -1;
  for (let found = pattern.exec(html); found; found = pattern.exec(html)) {
    if (found[1]) {
      depth -= 1;
      if (depth === 0 && start >= 0) items.push(html.slice(start, found.index + found[0].length));
    } else {
      if (depth === 0) start = found.index;
      depth += 1;
    }
  }
  return items;
}
