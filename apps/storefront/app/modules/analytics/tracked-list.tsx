import type { Product } from "@kassa/api-client";
import { type ReactNode, useEffect, useRef } from "react";
import { productPath } from "~/modules/catalogue/product-path";
import { pushEvent } from "./data-layer";
import { selectItemEvent, viewItemListEvent } from "./event-builders";
import { useAnalyticsEvent } from "./use-analytics-event";

export interface TrackedListProps {
  /** The list's id and name in the events (`category:klader`, the category's name). */
  id: string;
  name: string;
  products: readonly Product[];
  productBase: string;
  children: ReactNode;
}

/**
 * Wraps a product list (a category page, search results): `view_item_list` once per set of
 * products shown, and `select_item` when a product's link in it is followed. The list itself is
 * left as it is; the links are found by their address, so no card needs to know about analytics.
 */
export function TrackedList({ id, name, products, productBase, children }: TrackedListProps) {
  const list = { id, name, products };
  useAnalyticsEvent(
    products.length > 0 ? viewItemListEvent(list) : null,
    `${id}:${products.map((product) => product.id).join(",")}`,
  );
  const latest = useRef({ list, productBase });
  latest.current = { list, productBase };
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element | null)?.closest?.("a[href]")?.getAttribute("href");
      const { list: shown, productBase: prefix } = latest.current;
      const product = shown.products.find((item) => productPath(prefix, item.slug) === href);
      const selected = product ? selectItemEvent(shown, product.id) : null;
      if (selected) pushEvent(selected);
    };
    element.addEventListener("click", onClick, { capture: true });
    return () => element.removeEventListener("click", onClick, { capture: true });
  }, []);
  return <div ref={box}>{children}</div>;
}
