/**
 * The delete-account dialog (A§4, A§5): the confirm button is enabled only once the typed text,
 * upper-cased, equals the translated delete keyword (e.g. `RADERA`).
 */

/** The confirmation text as the input shows it: forced to upper case (A§5). */
export function toDeleteConfirmationText(typed: string): string {
  return typed.toUpperCase();
}

/**
 * True when the typed text (trimmed, upper-cased) equals the keyword (upper-cased). An empty
 * keyword matches nothing, so a missing translation never enables the button.
 */
export function matchesDeleteKeyword(typed: string, keyword: string): boolean {
  const expected = keyword.trim().toUpperCase();
  return expected !== "" && typed.trim().toUpperCase() === expected;
}
