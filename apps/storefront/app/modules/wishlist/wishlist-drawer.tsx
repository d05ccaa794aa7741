import { Link, useFetcher } from "@remix-run/react";
import {
  type ComponentPropsWithoutRef,
  forwardRef,
  lazy,
  Suspense,
  useEffect,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/hooks/use-hydrated";
import { PRODUCT_IMAGE, productImageAlt } from "~/modules/catalogue/product-image";
import { ProductPrice } from "~/modules/catalogue/product-price";
import { useLocalePaths } from "~/modules/http/use-locale-paths";
import { useWishlist } from "./use-wishlist";
import type { WishlistItem } from "./wishlist-items.server";
import { reloadWishlist } from "./wishlist-store";
import { WishlistToggle } from "./wishlist-toggle";

/** What the `/favorites` loader answers the drawer's fetcher. */
interface FavoritesData {
  items: WishlistItem[];
  locale: string;
}

/**
 * Radix's dialog (14 KB gzip with its focus and scroll locks) is fetched when the shopper reaches
 * for the heart (pointer over it, focus, press), not with every page (issue 15).
 */
const loadDialog = () => import("@kassa/ui").then(({ Dialog }) => ({ default: Dialog }));
const Dialog = lazy(loadDialog);

const HEADER_LINK =
  "inline-flex min-h-11 items-center gap-1 rounded-lg border border-stone-300 px-2 py-2 text-sm font-medium hover:border-emerald-700 sm:gap-2 sm:px-3";

const HeartLabel = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<"button"> & { count: number }
>(function HeartLabel({ count, ...props }, ref) {
  return (
    <button ref={ref} type="button" className={HEADER_LINK} {...props}>
      <HeartGlyph />
      <LinkText count={count} />
    </button>
  );
});

/** The whole name from 640 px up; on a phone the heart and the count (the name stays for readers). */
function LinkText({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="sr-only sm:not-sr-only">{t("wishlist.link", { count })}</span>
      <span aria-hidden="true" className="sm:hidden">
        {count}
      </span>
    </>
  );
}

function HeartGlyph() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header's wishlist: a link to `/favorites` without scripts; with them, a button that opens
 * the wishlist drawer (C§2). Opening it reloads the ids from storage and fetches the products
 * (C§4); a change of the list while it is open fetches them again.
 */
export function WishlistDrawer() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const wishlist = useWishlist();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const fetcher = useFetcher<FavoritesData>();
  const listKey = wishlist.entries.join();
  // On a public page the favourites are read in its locale, whatever the cookies remember.
  const favoritesPath = useLocalePaths().personal("/favorites");

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and a changed list are the triggers.
  useEffect(() => {
    if (open) fetcher.load(favoritesPath);
  }, [open, listKey]);

  if (!hydrated) {
    return (
      <Link to={favoritesPath} className={HEADER_LINK} data-testid="wishlist-link">
        <HeartGlyph />
        <LinkText count={wishlist.count} />
      </Link>
    );
  }

  if (!wanted) {
    // The heart before the dialog's code is wanted: the same button, which opens it when pressed.
    return (
      <HeartLabel
        count={wishlist.count}
        aria-haspopup="dialog"
        data-testid="wishlist-link"
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        onClick={() => {
          reloadWishlist();
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  }

  const items = (fetcher.data?.items ?? []).filter((item) => wishlist.has(item.productId));
  return (
    <Suspense
      fallback={<HeartLabel count={wishlist.count} aria-haspopup="dialog" aria-busy="true" />}
    >
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) reloadWishlist();
          setOpen(next);
        }}
        trigger={
          <HeartLabel count={wishlist.count} aria-haspopup="dialog" data-testid="wishlist-link" />
        }
        title={t("wishlist.title")}
        description={t("wishlist.count", { count: wishlist.count })}
        closeLabel={t("wishlist.close")}
        placement="end"
        maxWidthPx={420}
      >
        {!fetcher.data && fetcher.state !== "idle" ? (
          <p role="status" className="text-stone-600">
            {t("wishlist.loading")}
          </p>
        ) : wishlist.count === 0 ? (
          <p className="text-stone-700">
            {t("wishlist.empty")} {t("wishlist.emptyHint")}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200" data-testid="wishlist-drawer-items">
            {items.map((item) => (
              <li
                key={item.entry}
                className="flex items-center gap-3 py-3"
                data-testid="wishlist-drawer-item"
              >
                <img
                  src={item.imageUrl}
                  alt={productImageAlt(item.name, item.colour)}
                  width={PRODUCT_IMAGE.width}
                  height={PRODUCT_IMAGE.height}
                  loading="lazy"
                  style={{ aspectRatio: `${PRODUCT_IMAGE.width} / ${PRODUCT_IMAGE.height}` }}
                  className="h-auto w-16 shrink-0 rounded-lg bg-stone-100 object-contain"
                />
                <div className="min-w-0 flex-1">
                  <Link
                    to={item.href}
                    onClick={() => setOpen(false)}
                    className="font-medium text-stone-900 underline-offset-4 hover:underline"
                  >
                    {item.name}
                  </Link>
                  {item.colour ? (
                    <p className="text-sm text-stone-600">
                      {t("wishlist.colour", { colour: item.colour })}
                    </p>
                  ) : null}
                  {item.price && fetcher.data ? (
                    <ProductPrice {...item.price} locale={fetcher.data.locale} size="sm" />
                  ) : null}
                </div>
                <WishlistToggle entry={item.entry} productName={item.name} />
              </li>
            ))}
          </ul>
        )}
        <Link
          to={favoritesPath}
          onClick={() => setOpen(false)}
          className="mt-auto font-medium text-emerald-800 underline underline-offset-4"
        >
          {t("wishlist.viewAll")}
        </Link>
      </Dialog>
    </Suspense>
  );
}
