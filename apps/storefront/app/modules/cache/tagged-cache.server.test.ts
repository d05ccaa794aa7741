import { describe, expect, it } from "vitest";
import { TaggedCache } from "./tagged-cache.server";

function setup({ freshMs = 1000, staleMs = 500, max = 100 } = {}) {
  let now = 0;
  const cache = new TaggedCache({ max, freshMs, staleMs, now: () => now });
  const loads: string[] = [];
  let version = 1;
  const read = (key: string, tags: string[]) =>
    cache.get(
      key,
      async () => {
        loads.push(key);
        return `${key}@${version}`;
      },
      () => tags,
    );
  return {
    cache,
    loads,
    read,
    advance: (ms: number) => {
      now += ms;
    },
    bump: () => {
      version++;
    },
  };
}

/** Lets refreshes that run behind an answer finish. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("TaggedCache", () => {
  it("drops exactly the entries carrying a tag a notice names", async () => {
    const { cache, read, loads, bump } = setup();
    await read("prices:p1", ["price-p1"]);
    await read("stocks:p1", ["stock-p1"]);
    await read("slug:p1", ["product-p1", "price-p1", "stock-p1"]);
    await read("slug:p2", ["product-p2", "price-p2", "stock-p2"]);
    bump();

    expect(cache.invalidate(["price-p1", "price-unknown"])).toBe(2);
    expect(await read("prices:p1", ["price-p1"])).toBe("prices:p1@2");
    expect(await read("slug:p1", ["product-p1", "price-p1", "stock-p1"])).toBe("slug:p1@2");
    // Untouched: still the first answers, from the cache.
    expect(await read("stocks:p1", ["stock-p1"])).toBe("stocks:p1@1");
    expect(await read("slug:p2", ["product-p2", "price-p2", "stock-p2"])).toBe("slug:p2@1");
    expect(loads).toEqual(["prices:p1", "stocks:p1", "slug:p1", "slug:p2", "prices:p1", "slug:p1"]);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 6, invalidated: 2, entries: 4 });
  });

  it("clears everything when told notices were lost", async () => {
    const { cache, read, loads } = setup();
    await read("a", ["price-a"]);
    await read("b", ["stock-b"]);
    cache.clear();
    await read("a", ["price-a"]);
    expect(loads).toEqual(["a", "b", "a"]);
    expect(cache.stats()).toMatchObject({ cleared: 1, entries: 1 });
  });

  it("serves fresh, then stale while refreshing, and never past fresh + stale (the bound)", async () => {
    const { cache, read, loads, advance, bump } = setup({ freshMs: 1000, staleMs: 500 });
    await read("k", ["price-k"]);
    advance(999);
    expect(await read("k", ["price-k"])).toBe("k@1");
    expect(loads).toHaveLength(1);

    // Past freshness, within the bound: the old answer, and one refresh behind it.
    bump();
    advance(1);
    expect(await read("k", ["price-k"])).toBe("k@1");
    await flush();
    expect(loads).toHaveLength(2);
    expect(await read("k", ["price-k"])).toBe("k@2");

    // A notice lost, nobody reads for a while: past the bound, the read waits for the backend.
    bump();
    advance(1500);
    expect(await read("k", ["price-k"])).toBe("k@3");
    expect(cache.stats()).toMatchObject({ hits: 2, stale: 1, misses: 2 });
  });

  it("tells each read's result as it happens (the /metrics counter)", async () => {
    let now = 0;
    const results: string[] = [];
    const cache = new TaggedCache({
      max: 10,
      freshMs: 1000,
      staleMs: 500,
      now: () => now,
      onRead: (result) => results.push(result),
    });
    const read = () =>
      cache.get(
        "k",
        async () => "v",
        () => ["price-k"],
      );
    await read();
    await read();
    now = 1200;
    await read();
    expect(results).toEqual(["miss", "hit", "stale"]);
  });

  it("shares one load between concurrent reads of a missing key", async () => {
    const { cache, read, loads } = setup();
    const answers = await Promise.all([read("k", []), read("k", []), read("k", [])]);
    expect(answers).toEqual(["k@1", "k@1", "k@1"]);
    expect(loads).toEqual(["k"]);
    expect(cache.stats()).toMatchObject({ misses: 3, loads: 1 });
  });

  it("does not keep an answer that crossed a notice naming its tag", async () => {
    let release: (value: string) => void = () => {};
    const cache = new TaggedCache({ max: 10, freshMs: 1000, staleMs: 0 });
    const slow = cache.get(
      "k",
      () => new Promise<string>((resolve) => (release = resolve)),
      () => ["price-k"],
    );
    // The price changes while the old one is on its way back.
    cache.invalidate(["price-k"]);
    release("old price");
    expect(await slow).toBe("old price");
    expect(
      await cache.get(
        "k",
        async () => "new price",
        () => ["price-k"],
      ),
    ).toBe("new price");
    expect(cache.stats()).toMatchObject({ discarded: 1 });

    let releaseAgain: (value: string) => void = () => {};
    const crossing = cache.get(
      "j",
      () => new Promise<string>((resolve) => (releaseAgain = resolve)),
      () => ["stock-j"],
    );
    cache.clear();
    releaseAgain("before the clear");
    await crossing;
    // The clear dropped "k"; the answer that crossed it is not kept either.
    expect(cache.stats()).toMatchObject({ entries: 0, discarded: 2 });
  });

  it("does not keep a failed load", async () => {
    const cache = new TaggedCache({ max: 10, freshMs: 1000, staleMs: 0 });
    await expect(
      cache.get(
        "k",
        async () => Promise.reject(new Error("down")),
        () => [],
      ),
    ).rejects.toThrow("down");
    expect(
      await cache.get(
        "k",
        async () => "up",
        () => [],
      ),
    ).toBe("up");
  });

  it("forgets the tags of entries it evicts", async () => {
    const { cache, read } = setup({ max: 2 });
    await read("a", ["price-a"]);
    await read("b", ["price-b"]);
    await read("c", ["price-c"]);
    expect(cache.invalidate(["price-a"])).toBe(0);
    expect(cache.invalidate(["price-b", "price-c"])).toBe(2);
  });
});
