import { useEffect, useState } from "react";

/**
 * Shows something for `ms` after `key` changes, then hides it (A§4: the login banner clears after
 * 5 s; the profile notice shows for 5 s). Without JavaScript it simply stays.
 */
export function useTimedVisibility(key: unknown, ms: number): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (key == null) return;
    const timer = setTimeout(() => setVisible(false), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return visible;
}
