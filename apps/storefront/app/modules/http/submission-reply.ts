import type { SubmissionResult } from "@conform-to/react";
import { useRef } from "react";

/**
 * What a form without client-side validation reads from its action's conform reply (issue 15:
 * conform's browser code is 10 KB gzip, and the forms every visitor sees — add to cart, the
 * newsletter block — validate only on the server): a field's error keys, the value the shopper
 * sent (kept in the field, or empty after a reply that resets the form), and a key that changes
 * with each new reply, so the field takes that value again. While a post is on its way (no
 * reply) the field is left as it is.
 */
export function useReplyField(result: SubmissionResult<string[]> | undefined | null, name: string) {
  const seen = useRef<{ result: unknown; count: number }>({ result: undefined, count: 0 });
  if (result && seen.current.result !== result) {
    seen.current = { result, count: seen.current.count + 1 };
  }
  const sent = result?.initialValue?.[name];
  return {
    errors: result?.error?.[name] ?? undefined,
    value: typeof sent === "string" ? sent : undefined,
    key: `reply-${seen.current.count}`,
  };
}
