import { useEffect, useState } from "react";

/**
 * False on the server and in the first client render, true once an effect has run: the moment
 * JavaScript is working. Controls that only work with JavaScript (a reveal toggle, a dismiss
 * button) render behind it, so the server HTML never shows a button that does nothing.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  return mounted;
}
