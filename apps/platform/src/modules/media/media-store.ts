import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where the company files' bytes live (ADR 0014): one small interface, so that a shared volume or
 * an object store can replace the folder when several platform processes serve one shop. Keys are
 * the platform's own (`newStorageKey`), never a user's file name.
 */
export interface MediaStore {
  /** Stores the bytes under a key, replacing what was there. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes of a key, or null when there are none. */
  read(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Removes a key's bytes; a key without bytes is no error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** A new random storage key: 32 hex digits. */
export function newStorageKey(): string {
  return randomBytes(16).toString("hex");
}

function checkedKey(key: string): string {
  // Keys are ours, but a key that could climb out of the folder must never reach a path.
  if (!KEY_PATTERN.test(key)) throw new Error("A media storage key must be 1–128 of [A-Za-z0-9_-]");
  return key;
}

/**
 * The media store on a local disk: `<dir>/<first two characters>/<key>`, so that no folder grows
 * past a few thousand entries. A write goes to a temporary file first and is renamed into place,
 * so a reader never sees half a file. Folders are `0700`, files `0600`: only the platform reads
 * them.
 */
export function diskMediaStore(dir: string): MediaStore {
  const pathOf = (key: string) => {
    const checked = checkedKey(key);
    return {
      folder: join(dir, checked.slice(0, 2)),
      file: join(dir, checked.slice(0, 2), checked),
    };
  };
  return {
    async put(key, bytes) {
      const { folder, file } = pathOf(key);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async read(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key).file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key).file, { force: true });
    },
  };
}
