import { useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Submits a GET form `delayMs` after the last call (A§9: the company screen's searches submit
 * 300 ms after the last key, the order search 400 ms; a select applies at once). The form also has
 * its own button, so it works without JavaScript; this only saves the click. The history entry is
 * replaced, so Back skips the half-typed searches.
 *
 * A navigation that starts meanwhile (the form's own button, a link to another page) cancels the
 * pending submit: otherwise it would fire after the click and take the person back to the list
 * they just left.
 */
export function useDebouncedSubmit(): (form: HTMLFormElement | null, delayMs?: number) => void {
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (navigation.state !== "idle") clearTimeout(timer.current);
  }, [navigation.state]);
  return useCallback(
    (form, delayMs = 0) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (form) submit(form, { replace: true, preventScrollReset: true });
      }, delayMs);
    },
    [submit],
  );
}
