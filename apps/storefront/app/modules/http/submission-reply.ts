import type { SubmissionResult } from "@conform-to/react";

/**
 * What a form without client-side validation reads from its action's conform reply (issue 15:
 * conform's browser code is 10 KB gzip, and the forms every visitor sees — add to cart, the
 * newsletter block — validate only on the server): a field's error keys, the value the shopper
 * sent (kept in the field), and a key that changes when a new reply comes, so the field takes
 * that value again.
 */
export function replyField(result: SubmissionResult<string[]> | undefined | null, name: string) {
  const sent = result?.initialValue?.[name];
  return {
    errors: result?.error?.[name] ?? undefined,
    value: typeof sent === "string" ? sent : undefined,
    key: JSON.stringify(result?.initialValue ?? null),
  };
}
