import { parseWishlistEntry, WISHLIST_ADDED_FLAG_MS, WISHLIST_MAX_ENTRIES } from "@kassa/domain";
import { WishlistButton } from "@kassa/ui";
import { useLocation } from "@remix-run/react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWishlist, WISHLIST_ACTION } from "./use-wishlist";

export interface WishlistToggleProps {
  /** The entry to keep: the product id, with the colour's variant when one is chosen. */
  entry: string;
  productName: string;
  size?: "sm" | "md";
}

/**
 * The heart on a product card and the product page (C§4: toggle; 'added' for 5 s). A form that
 * posts to `/favorites` and comes back here without scripts; with scripts the list changes in the
 * browser at once.
 */
export function WishlistToggle({ entry, productName, size = "sm" }: WishlistToggleProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const wishlist = useWishlist();
  // C§4 `wishlistAdded`: a note beside the heart for 5 s after adding (or when the list is full).
  const [note, setNote] = useState<{ change: "added" | "full"; at: number } | null>(null);
  const productId = parseWishlistEntry(entry)?.productId ?? entry;
  const kept = wishlist.has(productId);

  useEffect(() => {
    if (note === null) return;
    const timer = window.setTimeout(() => setNote(null), WISHLIST_ADDED_FLAG_MS);
    return () => window.clearTimeout(timer);
  }, [note]);

  function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const change = wishlist.toggle(entry);
    setNote(change === "removed" ? null : { change, at: Date.now() });
  }

  return (
    <form method="post" action={WISHLIST_ACTION} onSubmit={toggle} className="inline-flex">
      <input type="hidden" name="intent" value={kept ? "remove" : "add"} />
      <input type="hidden" name="entry" value={entry} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <WishlistButton
        pressed={kept}
        size={size}
        label={t(kept ? "wishlist.remove" : "wishlist.add", { name: productName })}
        addedNote={
          note?.change === "full"
            ? t("wishlist.full", { max: WISHLIST_MAX_ENTRIES })
            : note && kept
              ? t("wishlist.added")
              : undefined
        }
        data-testid="wishlist-toggle"
      />
    </form>
  );
}
