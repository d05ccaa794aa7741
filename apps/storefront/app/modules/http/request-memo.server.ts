import type { AppLoadContext } from "@remix-run/node";

/**
 * One answer per page request: the layout's loader and the page's loader run side by side and may
 * ask the backend the same thing (the cart, for the badge and for the cart page). Remix hands each
 * loader a `Request` of its own but one `context` per request, so the memory hangs on the context
 * and goes with it. Only for reads: an action changes what it reads.
 */
const answersOf = new WeakMap<AppLoadContext, Map<string, Promise<unknown>>>();

export function oncePerRequest<T>(
  context: AppLoadContext,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let answers = answersOf.get(context);
  if (!answers) {
    answers = new Map();
    answersOf.set(context, answers);
  }
  let answer = answers.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    answers.set(key, answer);
  }
  return answer;
}
