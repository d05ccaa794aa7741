import type { CompanyFileRow } from "../../db/schema.js";
import { filesOfCompany } from "./company-files.js";
import type { MediaDeps } from "./media-deps.js";
import { prepareUploads, refuseBrokenRules, uploadFilesOf } from "./prepare-uploads.js";
import { storeUploads } from "./store-uploads.js";
import type { UploadRequest } from "./upload-input.js";

/**
 * `POST /api/company-media/` once the caller may upload to the company (C§4, C§5, ADR 0014): the
 * rules first, against the files the company has (cheap, and they spare a refused upload its
 * conversions), then sanitising and converting, then storing, where the rules are checked again
 * under the company's lock. All or nothing: one refused file refuses the upload. Answers the rows
 * stored, each original before its PNG preview.
 */
export async function uploadPrintFiles(
  deps: MediaDeps,
  companyId: string,
  request: UploadRequest,
): Promise<CompanyFileRow[]> {
  const files = uploadFilesOf(request);
  refuseBrokenRules(files, await filesOfCompany(deps.db, companyId), deps);
  const prepared = await prepareUploads(files, deps);
  return storeUploads(deps, companyId, prepared, {
    description: request.description,
    logoType: request.logoType,
    hide: request.hide,
  });
}
