import type { CompanyFile, CompanyFileCustomFields } from "@kassa/api-client";
import type { CompanyFileRow } from "../../db/schema.js";
import type { FileUrlSigner } from "./signed-urls.js";

/** What it takes to write a file's URLs: the platform's public URL, the signer and the time. */
export interface FileUrlContext {
  publicUrl: string;
  signer: FileUrlSigner;
  now: Date;
}

/** A file's signed URL (ADR 0014), absolute. */
export function fileUrl(file: Pick<CompanyFileRow, "id" | "filename">, context: FileUrlContext) {
  return `${context.publicUrl}${context.signer.pathOf(file, context.now)}`;
}

/**
 * C§3 company files as the wire carries them (`CompanyFile` of `@kassa/api-client`). `related`
 * holds the rows the answer may point at beside `rows` themselves: a vector file's preview, whose
 * signed URL becomes the original's `custom_fields.preview_url`.
 */
export function companyFileReplies(
  rows: readonly CompanyFileRow[],
  context: FileUrlContext,
  related: readonly CompanyFileRow[] = [],
): CompanyFile[] {
  const previewOf = new Map<string, CompanyFileRow>();
  for (const row of [...rows, ...related]) {
    const original = row.customFields.preview_for;
    if (original && !previewOf.has(original)) previewOf.set(original, row);
  }
  return rows.map((row) => {
    const customFields: CompanyFileCustomFields = {};
    const preview = previewOf.get(row.id);
    if (preview) customFields.preview_url = fileUrl(preview, context);
    if (row.customFields.preview_for) customFields.preview_for = row.customFields.preview_for;
    if (row.customFields.hide !== undefined) customFields.hide = row.customFields.hide;
    return {
      id: row.id,
      filename: row.filename,
      url: fileUrl(row, context),
      size: row.size,
      description: row.description,
      logoType: row.logoType,
      custom_fields: customFields,
      companyId: row.companyId,
      mimeType: row.mimeType,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
