/**
 * Errors as they may be written to the server log: which error, where in the code, and the
 * PostgreSQL error code, but never the values a query carried. Drizzle's `DrizzleQueryError` says
 * `Failed query: <sql>\nparams: <values>` and keeps the values (a password hash, an email, a
 * phone number) in `params` and in its database error `cause`; logging the error object printed
 * all of them. Only the SQL text, the codes and the stack frames are kept here.
 */

/** How many `cause`s deep a description goes; a cause chain is short unless something loops. */
const MAX_CAUSES = 3;

/**
 * A message with the values a query or a value check put in it removed:
 * - Drizzle's `\nparams: …` and everything after it;
 * - a quoted value at the end of a line, as PostgreSQL writes it in
 *   `invalid input syntax for type uuid: "…"`.
 */
export function redactMessage(message: string): string {
  const withoutParams = message.replace(/\n?params:[\s\S]*$/, "");
  return withoutParams.replace(/: "(?:[^"\n]|"")*"(?=\n|$)/g, ': "[value removed]"');
}

/** The error's class (`DrizzleQueryError`, `RangeError`, …): its constructor, else its name. */
function className(error: Error): string {
  const name = error.constructor?.name;
  return name && name !== "Error" && name !== "Object" ? name : error.name || "Error";
}

/** The SQLSTATE (`23505`) a PostgreSQL error carries as `code`, if this is one. */
function sqlState(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** One line per error of the cause chain (`Name [code]: redacted message`). */
function headlines(error: unknown): string[] {
  const lines: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth <= MAX_CAUSES; depth++) {
    if (!(current instanceof Error)) {
      // Something thrown that is not an Error: its type only, never its contents.
      lines.push(`thrown ${current === null ? "null" : typeof current}`);
      break;
    }
    const code = sqlState(current);
    const head = `${className(current)}${code ? ` [${code}]` : ""}`;
    lines.push(`${depth > 0 ? "cause: " : ""}${head}: ${redactMessage(current.message)}`);
    current = current.cause;
  }
  return lines;
}

/**
 * The stack frames (`at …` lines) of an error. V8's stack starts with `Name: message`, and the
 * message may span lines (Drizzle's does); everything up to the end of the message is cut off
 * whole, and a stack that does not hold the message is left out rather than guessed at.
 */
function stackFrames(error: unknown): string[] {
  if (!(error instanceof Error) || typeof error.stack !== "string") return [];
  const end = error.stack.indexOf(error.message);
  if (end < 0) return [];
  return error.stack
    .slice(end + error.message.length)
    .split("\n")
    .filter((line) => /^\s+at /.test(line));
}

/** A description of a thrown value that is safe to log: see the module comment. */
export function describeError(error: unknown): string {
  return [...headlines(error), ...stackFrames(error)].join("\n");
}
