/**
 * Text the database can store. PostgreSQL `text` and `jsonb` cannot hold U+0000, and `jsonb`
 * refuses a UTF-16 surrogate without its pair (`"\ud800"` is valid JSON and a valid JS string,
 * but not Unicode text). Either one reaching a query fails it, which used to answer 500; the
 * request is checked here first so the client gets 400 naming the field.
 */

const NUL = "\u0000";
/** With the `u` flag a paired surrogate is one code point, so this matches only unpaired ones. */
const LONE_SURROGATE = /\p{Cs}/u;

export const NUL_PROBLEM = "must not contain U+0000 (NUL)";
export const SURROGATE_PROBLEM = "must not contain an unpaired UTF-16 surrogate";

/** Why `text` cannot be stored, or `undefined` when it can. */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes(NUL)) return NUL_PROBLEM;
  if (LONE_SURROGATE.test(text)) return SURROGATE_PROBLEM;
  return undefined;
}

/**
 * A key or value as it is shown in an error: the offending characters written as `\uXXXX`, so
 * that the error body and the log hold plain text only.
 */
export function printable(text: string): string {
  return text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
    /[\u0000-\u001f\u007f]|\p{Cs}/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** At most this many problems are listed; a body full of them needs no longer answer. */
export const MAX_LISTED_PROBLEMS = 20;

/**
 * Every string value and object key in a parsed JSON value that cannot be stored, as
 * `path: problem` (paths joined with `.` like the schema errors of `validate`). The walk keeps
 * its own stack rather than recursing, so no input can exhaust the call stack.
 */
export function findUnstorableText(value: unknown): string[] {
  type Pending = { path: string } & ({ value: unknown } | { problem: string });
  const problems: string[] = [];
  const pending: Pending[] = [{ path: "", value }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  const report = (path: string, problem: string) =>
    problems.push(path ? `${path}: ${problem}` : problem);

  while (pending.length > 0 && problems.length < MAX_LISTED_PROBLEMS) {
    const item = pending.pop() as Pending;
    if ("problem" in item) {
      report(item.path, item.problem);
      continue;
    }
    const current = item.value;
    if (typeof current === "string") {
      const problem = unstorableTextProblem(current);
      if (problem) report(item.path, problem);
    } else if (Array.isArray(current)) {
      // Pushed last to first, so that problems come out in the order of the document.
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ path: join(item.path, String(index)), value: current[index] });
      }
    } else if (current !== null && typeof current === "object") {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index] as [string, unknown];
        const path = join(item.path, printable(key));
        const problem = unstorableTextProblem(key);
        // A bad key is the problem; what it holds cannot be stored under it anyway.
        pending.push(problem ? { path, problem } : { path, value: entry });
      }
    }
  }
  return problems;
}
