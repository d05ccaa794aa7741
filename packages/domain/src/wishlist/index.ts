export {
  COMPARE_MAX_PRODUCTS,
  type CompareToggle,
  compareSelection,
  toggleCompare,
} from "./compare.js";
export {
  addToWishlist,
  cleanWishlist,
  isOnWishlist,
  isWishlistEntry,
  parseWishlistEntry,
  readStoredWishlist,
  removeFromWishlist,
  toggleWishlist,
  WISHLIST_MAX_ENTRIES,
  WISHLIST_STORAGE_KEY,
  type WishlistEntry,
  type WishlistToggle,
  wishlistEntry,
} from "./wishlist-entries.js";
export { mergeWishlists } from "./wishlist-merge.js";
export { type WishlistForm, wishlistFormSchema } from "./wishlist-schema.js";
