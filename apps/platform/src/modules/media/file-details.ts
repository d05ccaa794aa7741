import { MAX_PRINT_FILE_NAME_LENGTH, MEDIA_MESSAGES, printFileDetailsSchema } from "@kassa/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type CompanyFileRow, companyFiles } from "../../db/schema.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { findCompanyFileByName, lockCompany, previewsOf } from "./company-files.js";
import type { MediaDeps } from "./media-deps.js";
import { companyNotFound, fileNotFound } from "./media-errors.js";
import { demotePrimary } from "./store-uploads.js";

/**
 * C§7 PUT: a file's logo type and description, the file named by its company and name. The fields
 * are `printFileDetailsSchema` of `@kassa/domain` (what the card's form checks), each optional here:
 * what the body leaves out stays as it is.
 */
export const fileDetailsBody = printFileDetailsSchema.partial().extend({
  companyId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  filename: z
    .string()
    .min(1)
    .max(MAX_PRINT_FILE_NAME_LENGTH * 2),
});

export type FileDetailsInput = z.output<typeof fileDetailsBody>;

/**
 * Changes the file's details in one transaction under the company's lock: choosing `primary` makes
 * the company's previous primary logo `secondary` (ADR 0014: one primary). Answers the file and its
 * PNG preview, if it has one (for `preview_url`).
 */
export async function updateFileDetails(
  deps: Pick<MediaDeps, "db" | "clock">,
  input: FileDetailsInput,
): Promise<{ file: CompanyFileRow; previews: CompanyFileRow[] }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!(await lockCompany(tx, input.companyId))) {
      throw companyNotFound(MEDIA_MESSAGES.updateFailed);
    }
    const file = await findCompanyFileByName(tx, input.companyId, input.filename);
    if (!file) throw fileNotFound(MEDIA_MESSAGES.updateFailed);
    if (input.logoType === "primary" && file.logoType !== "primary") {
      await demotePrimary(tx, input.companyId, now);
    }
    const [updated] = await tx
      .update(companyFiles)
      .set({
        ...(input.logoType ? { logoType: input.logoType } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updatedAt: now,
      })
      .where(eq(companyFiles.id, file.id))
      .returning();
    if (!updated) throw fileNotFound(MEDIA_MESSAGES.updateFailed);
    return { file: updated, previews: await previewsOf(tx, input.companyId, [file.id]) };
  });
}
