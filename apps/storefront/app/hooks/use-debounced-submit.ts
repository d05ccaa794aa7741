import { useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Submits a GET form `delayMs` after the last call (A§4: the company screen's searches submit
 * 300 ms after the last key). The form also has its own button, so it works without JavaScript;
 * this only saves the click. The history entry is replaced, so Back skips the half-typed searches.
 */
export function useDebouncedSubmit(delayMs: number): (form: HTMLFormElement | null) => void {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (form) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (form) submit(form, { replace: true, preventScrollReset: true });
      }, delayMs);
    },
    [submit, delayMs],
  );
}
