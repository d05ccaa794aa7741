/**
 * The deepest nesting of objects and arrays a request body may have. The API's deepest body is
 * two levels (`{"company": {…}}`); 32 leaves room without letting anything recursive (a schema,
 * `JSON.stringify`, the database driver) meet a body thousands of levels deep, which overflowed
 * the stack and answered 500.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, found by scanning the text once
 * without recursion and without parsing it, so it is safe to call before `JSON.parse`. Brackets
 * inside strings (escapes included) do not count. Text that is not JSON gets some answer; the
 * parser rejects it afterwards either way.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
