import { WISHLIST_STORAGE_KEY } from "@kassa/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The browser's side of the wishlist, in a stand-in browser: a storage and a cookie jar that
 * behave like the real ones for what the store uses (`getItem`/`setItem`, `document.cookie`).
 */
function fakeBrowser() {
  const items = new Map<string, string>();
  const jar = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  const document = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((attribute) => attribute.trim() === "Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    },
  };
  vi.stubGlobal("window", { localStorage, location: { protocol: "http:" } });
  vi.stubGlobal("document", document);
  return { items, jar };
}

async function freshStore() {
  vi.resetModules();
  return import("./wishlist-store");
}

describe("the browser's wishlist", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts from the cookie when the storage has never held a list", async () => {
    browser.jar.set("wishlist", "pp-1.pp-2");
    const store = await freshStore();
    expect(store.reloadWishlist()).toEqual(["pp-1", "pp-2"]);
    expect(browser.items.get(WISHLIST_STORAGE_KEY)).toBe('["pp-1","pp-2"]');
    expect(store.wishlistSnapshot()).toEqual(["pp-1", "pp-2"]);
  });

  it("keeps what was added and drops what was removed while scripts were off", async () => {
    // Agreed before: pp-1 and pp-2. Then, without scripts: pp-2 removed, pp-3 added (the cookie).
    browser.items.set(WISHLIST_STORAGE_KEY, '["pp-1","pp-2"]');
    browser.items.set(`${WISHLIST_STORAGE_KEY}:synced`, '["pp-1","pp-2"]');
    browser.jar.set("wishlist", "pp-3.pp-1");
    const store = await freshStore();
    expect(store.reloadWishlist()).toEqual(["pp-1", "pp-3"]);
    expect(browser.jar.get("wishlist")).toBe("pp-1.pp-3");
    expect(browser.items.get(`${WISHLIST_STORAGE_KEY}:synced`)).toBe('["pp-1","pp-3"]');
  });

  it("follows a logout that cleared the cookie: the list leaves the storage too", async () => {
    browser.items.set(WISHLIST_STORAGE_KEY, '["pp-1"]');
    browser.items.set(`${WISHLIST_STORAGE_KEY}:synced`, '["pp-1"]');
    const store = await freshStore();
    expect(store.reloadWishlist()).toEqual([]);
    expect(browser.jar.has("wishlist")).toBe(false);
  });

  it("saves a change in the storage and the cookie at once and tells its listeners", async () => {
    const store = await freshStore();
    const listener = vi.fn();
    store.subscribeWishlist(listener);
    store.saveWishlist(["pp-9:pv-9-01"]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(browser.jar.get("wishlist")).toBe("pp-9:pv-9-01");
    expect(browser.items.get(WISHLIST_STORAGE_KEY)).toBe('["pp-9:pv-9-01"]');
  });

  it("follows another tab's save from the storage, even before that tab's cookie has arrived", async () => {
    // This tab had pp-1; another tab saved pp-1 and pp-2 (both keys), and its cookie is not here
    // yet. Merging would take the old cookie for a removal of pp-2 and write pp-1 alone back.
    browser.items.set(WISHLIST_STORAGE_KEY, '["pp-1"]');
    browser.items.set(`${WISHLIST_STORAGE_KEY}:synced`, '["pp-1"]');
    browser.jar.set("wishlist", "pp-1");
    const store = await freshStore();
    store.reloadWishlist();
    browser.items.set(WISHLIST_STORAGE_KEY, '["pp-1","pp-2"]');
    browser.items.set(`${WISHLIST_STORAGE_KEY}:synced`, '["pp-1","pp-2"]');
    const listener = vi.fn();
    store.subscribeWishlist(listener);
    expect(store.adoptStoredWishlist()).toEqual(["pp-1", "pp-2"]);
    expect(store.wishlistSnapshot()).toEqual(["pp-1", "pp-2"]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(browser.items.get(WISHLIST_STORAGE_KEY)).toBe('["pp-1","pp-2"]');
  });
});
