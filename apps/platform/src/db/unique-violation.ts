/**
 * True when a database error is a unique-constraint violation (SQLSTATE 23505), optionally of one
 * named constraint. Drizzle wraps the driver's error, and PGlite and node-postgres shape theirs a
 * little differently, so the whole `cause` chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const {
      code,
      constraint: name,
      message,
      cause,
    } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (code === "23505") {
      if (!constraint) return true;
      return name === constraint || (typeof message === "string" && message.includes(constraint));
    }
    current = cause;
  }
  return false;
}
