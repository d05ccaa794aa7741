/** How long an `expect…` or an action waits for the page by default, as Playwright's `expect`. */
export const DEFAULT_TIMEOUT = 10_000;

/**
 * Asks `probe` every 100 ms until it answers something other than `undefined`, `null` or `false`,
 * and answers that; past `timeout`, throws `message()` with the last answer or error.
 */
export async function poll<R>(
  probe: () => Promise<R>,
  message: (last: unknown) => string,
  timeout = DEFAULT_TIMEOUT,
): Promise<Exclude<R, false | null | undefined>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      last = await probe();
      if (last !== undefined && last !== null && last !== false) {
        return last as Exclude<R, false | null | undefined>;
      }
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(message(last));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `text` matches `expected` (a string: contains it). */
export function textMatches(text: string, expected: string | RegExp): boolean {
  return typeof expected === "string" ? text.includes(expected) : expected.test(text);
}
