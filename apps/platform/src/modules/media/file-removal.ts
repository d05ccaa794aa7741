import { MEDIA_MESSAGES } from "@kassa/domain";
import { inArray } from "drizzle-orm";
import { companyFiles } from "../../db/schema.js";
import { logger } from "../../logging/logger.js";
import { findCompanyFile, lockCompany, previewsOf } from "./company-files.js";
import type { MediaDeps } from "./media-deps.js";
import { companyNotFound, fileNotFound } from "./media-errors.js";

/**
 * C§7 DELETE: removes the company's file and, for a vector file, its PNG preview (ADR 0014), rows
 * first in one transaction, then their bytes. Bytes that cannot be removed are logged and left:
 * nothing points at them any more, and the file is gone for every caller. Answers the ids removed.
 */
export async function removeCompanyFile(
  deps: Pick<MediaDeps, "db" | "store">,
  companyId: string,
  fileId: string,
): Promise<string[]> {
  const removed = await deps.db.transaction(async (tx) => {
    if (!(await lockCompany(tx, companyId))) throw companyNotFound(MEDIA_MESSAGES.deleteFailed);
    const file = await findCompanyFile(tx, companyId, fileId);
    if (!file) throw fileNotFound(MEDIA_MESSAGES.deleteFailed);
    const previews = await previewsOf(tx, companyId, [file.id]);
    const ids = [file.id, ...previews.map((preview) => preview.id)];
    return tx
      .delete(companyFiles)
      .where(inArray(companyFiles.id, ids))
      .returning({ id: companyFiles.id, storageKey: companyFiles.storageKey });
  });
  for (const { storageKey } of removed) {
    await deps.store.delete(storageKey).catch((error: unknown) => {
      logger.error({ err: error }, "removing a deleted file's bytes");
    });
  }
  // The file first, then its preview, as they were stored.
  const order = new Map([[fileId, 0]]);
  return removed.map(({ id }) => id).sort((a, b) => (order.get(a) ?? 1) - (order.get(b) ?? 1));
}
