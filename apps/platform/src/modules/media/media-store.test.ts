import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskMediaStore, newStorageKey } from "./media-store.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "kassa-media-store-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("diskMediaStore", () => {
  it("puts, reads, replaces and deletes bytes by key", async () => {
    const store = diskMediaStore(dir);
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.read(key)).toBeNull();
    await store.put(key, Uint8Array.from([1, 2, 3]));
    expect(await store.read(key)).toEqual(Uint8Array.from([1, 2, 3]));
    await store.put(key, Uint8Array.from([4]));
    expect(await store.read(key)).toEqual(Uint8Array.from([4]));
    await store.delete(key);
    await store.delete(key);
    expect(await store.read(key)).toBeNull();
  });

  it("keeps the files for the platform alone, and leaves no temporary file behind", async () => {
    const store = diskMediaStore(dir);
    await store.put("abcdef", Uint8Array.from([1]));
    expect(await readdir(join(dir, "ab"))).toEqual(["abcdef"]);
    expect((await stat(join(dir, "ab", "abcdef"))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, "ab"))).mode & 0o777).toBe(0o700);
  });

  it("refuses a key that could name a path outside its folder", async () => {
    const store = diskMediaStore(dir);
    for (const key of ["../x", "a/b", "", ".", "x".repeat(129)]) {
      await expect(store.put(key, Uint8Array.from([1])), key).rejects.toThrow("storage key");
      await expect(store.read(key), key).rejects.toThrow("storage key");
    }
  });
});
