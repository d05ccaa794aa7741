import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import { companyFiles, organisations } from "../db/schema.js";
import type { MediaStore } from "../modules/media/media-store.js";
import { SEED_PRINT_FILES } from "./fixtures.js";
import { demoPrintFiles } from "./print-file-data.js";

/**
 * Gives Nordtrade AB its demo print files when it has no files at all (its first seed, like the
 * demo orders, which come only into a shop without orders): files an admin deleted or uploaded
 * since are theirs and stay as they are. The bytes go to the media store before the rows, as an
 * upload's do. Answers how many files were added.
 *
 * A database kept while its media folder was not (a new `KASSA_MEDIA_DIR`) gets the bytes of the
 * demo files it still has written again, so their URLs do not answer 404.
 */
export async function seedDemoPrintFiles(db: Database, store: MediaStore): Promise<number> {
  const companyId = SEED_PRINT_FILES.companyId;
  const [company] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, companyId));
  if (!company) return 0;
  const files = demoPrintFiles();
  const [anyFile] = await db
    .select({ id: companyFiles.id })
    .from(companyFiles)
    .where(eq(companyFiles.companyId, companyId))
    .limit(1);

  if (anyFile) {
    const kept = await db
      .select({ id: companyFiles.id })
      .from(companyFiles)
      .where(
        inArray(
          companyFiles.id,
          files.map((file) => file.id),
        ),
      );
    const keptIds = new Set(kept.map((row) => row.id));
    for (const file of files) {
      if (keptIds.has(file.id) && !(await store.read(file.storageKey))) {
        await store.put(file.storageKey, file.bytes);
      }
    }
    return 0;
  }

  for (const file of files) await store.put(file.storageKey, file.bytes);
  await db.insert(companyFiles).values(
    files.map((file) => ({
      id: file.id,
      companyId,
      filename: file.filename,
      storageKey: file.storageKey,
      size: file.bytes.byteLength,
      kind: file.kind,
      mimeType: file.mimeType,
      description: file.description,
      logoType: file.logoType,
      customFields: file.customFields,
      createdAt: file.createdAt,
      updatedAt: file.createdAt,
    })),
  );
  return files.length;
}
