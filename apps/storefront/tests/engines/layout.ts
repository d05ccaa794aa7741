/**
 * Layout checks that run in the page, the same in every engine (serialised by `evaluate`: each
 * function sees only its argument).
 */

/** How far the document is wider than the viewport, in CSS pixels (0: no horizontal scroll). */
export function horizontalOverflow(): number {
  return Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Every shown link, button and field whose middle another element lies over: a shopper tapping it
 * would hit the other one. Each is scrolled to the middle of the viewport first, so fixed and
 * sticky parts (the header, the cookie banner) are seen as a shopper meets them.
 */
export function coveredControls(): string[] {
  const controls = Array.from(
    document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])",
    ),
  );
  const label = (element: Element) => {
    const name =
      element.getAttribute("aria-label") ??
      (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40) ??
      "";
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${name}"`;
  };
  const covered: string[] = [];
  const scrolled = window.scrollY;
  for (const control of controls) {
    const style = getComputedStyle(control);
    if (style.visibility === "hidden" || style.display === "none" || style.pointerEvents === "none")
      continue;
    if (
      control.closest(
        "[hidden], [inert], [aria-hidden='true'], details:not([open]) > :not(summary)",
      )
    )
      continue;
    const box = control.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue; // visually hidden (a skip link, a styled radio)
    control.scrollIntoView({ block: "center", inline: "center" });
    const moved = control.getBoundingClientRect();
    const x = moved.left + moved.width / 2;
    const y = moved.top + moved.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === control || control.contains(hit)) continue;
    // A toast lies over the page for its few seconds, and is closed by its own button.
    if (hit.closest("ol > li[data-state]")) continue;
    // A label over its own field (a styled checkbox) is the same control.
    if (hit instanceof HTMLLabelElement && hit.control === control) continue;
    if (hit.closest("label") && (hit.closest("label") as HTMLLabelElement).control === control)
      continue;
    covered.push(`${label(control)} under ${label(hit)}`);
  }
  window.scrollTo(0, scrolled);
  return covered;
}

/**
 * The focused element and whether it shows that it is focused (an outline or a ring of its own,
 * WCAG 2.4.7): `null` when nothing has focus.
 */
export function focusIndicator(): { element: string; visible: boolean } | null {
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const style = getComputedStyle(element);
  // `auto` is the engine's own focus ring, whatever width it reports.
  const outline =
    style.outlineStyle === "auto" ||
    (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0);
  const ring = style.boxShadow !== "none" && style.boxShadow !== "";
  const name = (element.getAttribute("aria-label") ?? element.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 40);
  return { element: `${element.tagName.toLowerCase()} "${name}"`, visible: outline || ring };
}
