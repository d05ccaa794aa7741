import { randomUUID } from "node:crypto";
import { type LogoType, logoTypeForUpload, MEDIA_MESSAGES } from "@kassa/domain";
import { and, eq } from "drizzle-orm";
import { type CompanyFileRow, companyFiles } from "../../db/schema.js";
import { logger } from "../../logging/logger.js";
import { filesOfCompany, isListed, lockCompany, type Queryable } from "./company-files.js";
import { previewFileName, uniqueFileName } from "./file-names.js";
import { PRINT_FILE_CONTENT_TYPES } from "./file-type.js";
import type { MediaDeps } from "./media-deps.js";
import { companyNotFound } from "./media-errors.js";
import { newStorageKey } from "./media-store.js";
import { type PreparedFile, refuseBrokenRules } from "./prepare-uploads.js";

/**
 * Stores an upload's prepared files (ADR 0014): the bytes first, under new random keys, then every
 * row in one transaction under the company's lock, where C§5's rules are checked again against
 * what the company has now (another upload may have finished meanwhile). If the transaction fails
 * the bytes are removed again, so a refused upload leaves nothing behind, on disk or in the table.
 */

export interface UploadDetails {
  description: string;
  /** Asked for by a JSON upload; else C§5's rule (first listed file primary, others secondary). */
  logoType?: LogoType;
  hide: boolean;
}

interface Placed {
  file: PreparedFile;
  key: string;
  previewKey?: string;
}

/** Makes the company's primary logo secondary: a company has one primary (ADR 0014). */
export async function demotePrimary(tx: Queryable, companyId: string, now: Date): Promise<void> {
  await tx
    .update(companyFiles)
    .set({ logoType: "secondary", updatedAt: now })
    .where(and(eq(companyFiles.companyId, companyId), eq(companyFiles.logoType, "primary")));
}

/** Inserts the rows of the placed files; answers them in order, each original before its PNG. */
async function insertRows(
  tx: Queryable,
  companyId: string,
  placed: readonly Placed[],
  details: UploadDetails,
  stored: readonly CompanyFileRow[],
  now: Date,
): Promise<CompanyFileRow[]> {
  const taken = new Set(stored.map((row) => row.filename.toLowerCase()));
  const listedBefore = stored.filter(isListed).length;
  let listedIndex = 0;
  const logoTypes = placed.map(({ file }) => {
    if (details.logoType) return details.logoType;
    return file.listed ? logoTypeForUpload(listedBefore, listedIndex++) : "secondary";
  });
  if (logoTypes.includes("primary")) await demotePrimary(tx, companyId, now);

  const rows: CompanyFileRow[] = [];
  for (const [index, { file, key, previewKey }] of placed.entries()) {
    const filename = uniqueFileName(file.name, taken);
    const [original] = await tx
      .insert(companyFiles)
      .values({
        id: randomUUID(),
        companyId,
        filename,
        storageKey: key,
        size: file.bytes.byteLength,
        kind: file.type,
        mimeType: PRINT_FILE_CONTENT_TYPES[file.type],
        description: details.description,
        logoType: logoTypes[index] as LogoType,
        customFields: details.hide ? { hide: true } : {},
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!original) throw new Error("The file's row was not stored");
    rows.push(original);
    if (!file.preview || !previewKey) continue;
    const [preview] = await tx
      .insert(companyFiles)
      .values({
        id: randomUUID(),
        companyId,
        filename: uniqueFileName(previewFileName(filename), taken),
        storageKey: previewKey,
        size: file.preview.byteLength,
        kind: "png",
        mimeType: PRINT_FILE_CONTENT_TYPES.png,
        description: details.description,
        logoType: "secondary",
        // C§4: the card lists the original only, and finds its picture through `preview_url`.
        customFields: { preview_for: original.id, hide: true },
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (preview) rows.push(preview);
  }
  return rows;
}

/** Stores the prepared files of one upload; answers their rows (originals and previews). */
export async function storeUploads(
  deps: Pick<MediaDeps, "db" | "store" | "clock" | "printFileMaxMb">,
  companyId: string,
  files: readonly PreparedFile[],
  details: UploadDetails,
): Promise<CompanyFileRow[]> {
  const placed: Placed[] = files.map((file) => ({
    file,
    key: newStorageKey(),
    previewKey: file.preview ? newStorageKey() : undefined,
  }));
  const written: string[] = [];
  try {
    for (const { file, key, previewKey } of placed) {
      await deps.store.put(key, file.bytes);
      written.push(key);
      if (file.preview && previewKey) {
        await deps.store.put(previewKey, file.preview);
        written.push(previewKey);
      }
    }
    const now = deps.clock();
    return await deps.db.transaction(async (tx) => {
      if (!(await lockCompany(tx, companyId))) throw companyNotFound(MEDIA_MESSAGES.uploadFailed);
      const stored = await filesOfCompany(tx, companyId);
      refuseBrokenRules(files, stored, deps);
      return insertRows(tx, companyId, placed, details, stored, now);
    });
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        deps.store.delete(key).catch((cause: unknown) => {
          logger.error({ err: cause }, "removing a refused upload's bytes");
        }),
      ),
    );
    throw error;
  }
}
