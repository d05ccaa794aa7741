import { COMPARE_MAX_PRODUCTS, toggleCompare } from "@kassa/domain";
import { useLocation } from "@remix-run/react";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/** The field of the compare form that each ticked product adds (`/compare?compare=…`). */
export const COMPARE_FIELD = "compare";

/**
 * The compare list (C§2): up to four products, kept while the page lives. It empties on every
 * route change, so it is React state under the root, never stored. Without scripts the same
 * choice is the page's ticked checkboxes, which a new page starts without.
 */
interface CompareState {
  /** False in the server render and before hydration: checkboxes are then the browser's own. */
  active: boolean;
  chosen: { id: string; name: string }[];
  /** True for a moment after a fifth product was refused. */
  full: boolean;
  toggle(product: { id: string; name: string }): void;
  clear(): void;
}

const CompareContext = createContext<CompareState>({
  active: false,
  chosen: [],
  full: false,
  toggle() {},
  clear() {},
});

export function CompareProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [chosen, setChosen] = useState<{ id: string; name: string }[]>([]);
  const [full, setFull] = useState(false);
  const [active, setActive] = useState(false);
  const latest = useRef(chosen);
  latest.current = chosen;

  const page = `${location.pathname}${location.search}`;
  const shownPage = useRef<string | null>(null);
  useEffect(() => {
    if (shownPage.current === null) {
      // Scripts start: keep what was ticked before they ran (the boxes were the browser's own).
      const ticked = document.querySelectorAll<HTMLInputElement>(
        `input[name="${COMPARE_FIELD}"]:checked`,
      );
      setChosen(
        [...ticked]
          .slice(0, COMPARE_MAX_PRODUCTS)
          .map((box) => ({ id: box.value, name: box.dataset.name ?? box.value })),
      );
      setActive(true);
    } else if (shownPage.current !== page) {
      // C§2: every route change empties the compare list.
      setChosen([]);
      setFull(false);
    }
    shownPage.current = page;
  }, [page]);

  // Back to a page the browser kept whole (the back/forward cache): the page and this list come
  // back as they were left, but it is a route change all the same (C§2), so the list empties and
  // the boxes with it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      for (const box of document.querySelectorAll<HTMLInputElement>(
        `input[name="${COMPARE_FIELD}"]:checked`,
      )) {
        box.checked = false;
      }
      setChosen([]);
      setFull(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const value = useMemo<CompareState>(
    () => ({
      active,
      chosen,
      full,
      toggle(product) {
        // The latest list, not this render's: two ticks before a re-render must both count.
        const current = latest.current;
        const { productIds, change } = toggleCompare(
          current.map((item) => item.id),
          product.id,
        );
        setFull(change === "full");
        if (change === "full") return;
        const names = new Map([...current, product].map((item) => [item.id, item.name]));
        latest.current = productIds.map((id) => ({ id, name: names.get(id) ?? id }));
        setChosen(latest.current);
      },
      clear() {
        setChosen([]);
        setFull(false);
      },
    }),
    [active, chosen, full],
  );
  return <CompareContext.Provider value={value}>{children}</CompareContext.Provider>;
}

export function useCompare(): CompareState {
  return useContext(CompareContext);
}
