import type {
  CompanyFiles,
  CompanyMediaDeleted,
  CompanyMediaUpdated,
  CompanyMediaUploaded,
} from "@kassa/api-client";
import { MEDIA_MESSAGES, printFileValidationText } from "@kassa/domain";
import { create as contentDisposition } from "content-disposition";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/app-env.js";
import { MAX_ID_LENGTH } from "../../http/field-limits.js";
import { HttpError } from "../../http/http-error.js";
import { parseJsonBody, validate } from "../../http/json-body.js";
import { requireUser } from "../accounts/require-user.js";
import { companyFileReplies } from "./company-file-reply.js";
import { convertFile } from "./eps-convert.js";
import { fileDetailsBody, updateFileDetails } from "./file-details.js";
import { companyFilesQuery, listCompanyFiles } from "./file-list.js";
import { previewFileName, storableFileName } from "./file-names.js";
import { removeCompanyFile } from "./file-removal.js";
import { companyForMedia, mayPostFiles } from "./media-access.js";
import { type MediaDeps, urlContextOf } from "./media-deps.js";
import { missingCompanyId, readAs } from "./media-errors.js";
import { readFileToConvert, readUploadRequest } from "./upload-input.js";
import { uploadPrintFiles } from "./upload-print-files.js";

interface Deps extends MediaDeps {
  /** Signs and checks the users' access tokens (`SESSION_SECRET`). */
  secret: string;
}

const removalQuery = z.object({
  companyId: z.string().trim().min(1).max(MAX_ID_LENGTH),
  fileId: z.string().trim().min(1).max(MAX_ID_LENGTH),
});

/**
 * The media calls under `/api` (C§7 Media, ADR 0014), as the access token's user (C§6: "company
 * media upload uses the bearer user token"): a company's files, their upload (JSON or multipart),
 * details and removal, and the EPS converter. Answers are the wire shapes of `wire/media.ts`,
 * without the `/api` envelope; refusals are the platform error body with C§8's text as `error`
 * (`media-errors.ts`).
 */
export function mediaRoutes(deps: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withUser = requireUser(deps.db, deps.secret, deps.clock);

  app.get("/company-media", withUser, async (c) => {
    const query = validate(companyFilesQuery, c.req.query(), "The query is invalid");
    return c.json((await listCompanyFiles(deps, c.get("user"), query)) satisfies CompanyFiles);
  });

  app.post("/company-media", withUser, async (c) => {
    const request = await readUploadRequest(c);
    await companyForMedia(
      deps.db,
      c.get("user"),
      request.companyId,
      "edit",
      MEDIA_MESSAGES.uploadFailed,
    );
    const rows = await uploadPrintFiles(deps, request.companyId, request);
    const files = companyFileReplies(rows, urlContextOf(deps));
    const [file] = files;
    if (!file) throw new Error("An upload stored no file");
    return c.json({ success: true, file, files } satisfies CompanyMediaUploaded, 201);
  });

  app.put("/company-media", withUser, async (c) => {
    const body = await readAs(MEDIA_MESSAGES.updateFailed, () => parseJsonBody(c, z.unknown()));
    const companyId = (body as { companyId?: unknown } | null)?.companyId;
    if (typeof companyId !== "string" || companyId.trim() === "") throw missingCompanyId();
    const input = await readAs(MEDIA_MESSAGES.updateFailed, () =>
      validate(fileDetailsBody, body, "The request body is invalid", printFileValidationText),
    );
    await companyForMedia(
      deps.db,
      c.get("user"),
      input.companyId,
      "edit",
      MEDIA_MESSAGES.updateFailed,
    );
    const { file, previews } = await updateFileDetails(deps, input);
    const [reply] = companyFileReplies([file], urlContextOf(deps), previews);
    if (!reply) throw new Error("An update answered no file");
    return c.json({ success: true, file: reply } satisfies CompanyMediaUpdated);
  });

  /** Both of C§7's removals: `/{id}?companyId=` and `?fileId=&companyId=`. */
  async function removeFile(c: Context<AppEnv>, fileId: string | undefined) {
    const query = c.req.query();
    if (!query.companyId?.trim()) throw missingCompanyId();
    const input = await readAs(MEDIA_MESSAGES.deleteFailed, () =>
      validate(removalQuery, { companyId: query.companyId, fileId }, "The query is invalid"),
    );
    const user = c.get("user");
    await companyForMedia(deps.db, user, input.companyId, "edit", MEDIA_MESSAGES.deleteFailed);
    const deleted = await removeCompanyFile(deps, input.companyId, input.fileId);
    return c.json({ success: true, deleted } satisfies CompanyMediaDeleted);
  }
  app.delete("/company-media/:id", withUser, (c) => removeFile(c, c.req.param("id")));
  app.delete("/company-media", withUser, (c) => removeFile(c, c.req.query("fileId")));

  app.post("/eps-convert", withUser, async (c) => {
    // The uploads' gate asked this already, before the body; kept so the route stands alone.
    if (!(await mayPostFiles(deps.db, c.get("user")))) {
      throw new HttpError(
        403,
        MEDIA_MESSAGES.conversionFailed,
        "Only the administrators of a company may convert files",
      );
    }
    const file = await readFileToConvert(c);
    const png = await convertFile(deps, file);
    return c.body(new Uint8Array(png), 200, {
      "content-type": "image/png",
      "content-disposition": contentDisposition(previewFileName(storableFileName(file.name)), {
        type: "inline",
      }),
    });
  });

  return app;
}
