import { useEffect, useRef, useState } from "react";

/**
 * True while `active` is, and for at least `minimumMs` after it became true (C§4: a cart line is
 * busy for about 700 ms after a change), so a fast answer does not make the line flicker.
 */
export function useBusyWindow(active: boolean, minimumMs: number): boolean {
  const [busy, setBusy] = useState(active);
  const startedAt = useRef(0);

  useEffect(() => {
    if (active) {
      startedAt.current = Date.now();
      setBusy(true);
      return;
    }
    const remaining = startedAt.current + minimumMs - Date.now();
    if (remaining <= 0) {
      setBusy(false);
      return;
    }
    const timer = setTimeout(() => setBusy(false), remaining);
    return () => clearTimeout(timer);
  }, [active, minimumMs]);

  return busy;
}
