import { useEffect, useState } from "react";

/**
 * Seconds left until `untilMs` (a wall-clock time from the server), ticking once a second. Before
 * hydration (and without JavaScript) it is the full `totalSeconds`, so the page renders the same
 * on both sides.
 */
export function useCountdown(untilMs: number | null, totalSeconds: number): number {
  const [left, setLeft] = useState(untilMs ? totalSeconds : 0);
  useEffect(() => {
    if (!untilMs) {
      setLeft(0);
      return;
    }
    const tick = () => setLeft(Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return left;
}
