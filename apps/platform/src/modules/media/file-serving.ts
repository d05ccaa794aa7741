import { MEDIA_MESSAGES } from "@kassa/domain";
import { create as contentDisposition } from "content-disposition";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { companyFiles } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { notFound } from "../../http/http-error.js";
import { isPicture } from "./file-type.js";
import type { MediaDeps } from "./media-deps.js";

/**
 * What every file is served with (ADR 0014): an SVG opened by itself runs nothing and loads
 * nothing (`sandbox`, no sources but inline style and embedded pictures), and nothing is sniffed.
 */
export const FILE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

const notThere = () => notFound(MEDIA_MESSAGES.fileNotFound);

/**
 * `GET /media/company-files/{id}/{filename}?expires=&signature=[&download=1]`: a file's bytes at
 * the signed URL the media calls hand out (ADR 0014). No token: an `<img>` cannot send one, so the
 * signature is the proof, and it expires. A bad, expired or tampered signature and a file that is
 * gone all answer the same 404. The name in the path is for people and downloads; the id decides.
 */
export function companyFileRoutes(deps: Pick<MediaDeps, "db" | "store" | "signer" | "clock">) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get("/:id/:filename", async (c) => {
    const id = c.req.param("id");
    const now = deps.clock();
    if (!deps.signer.verify(id, c.req.query("expires"), c.req.query("signature"), now)) {
      throw notThere();
    }
    const [file] = await deps.db.select().from(companyFiles).where(eq(companyFiles.id, id));
    const bytes = file ? await deps.store.read(file.storageKey) : null;
    if (!file || !bytes) throw notThere();
    const download = c.req.query("download") === "1" || !isPicture(file.kind);
    const expires = Number(c.req.query("expires"));
    const seconds = Math.max(0, Math.floor(expires - now.getTime() / 1000));
    return c.body(bytes, 200, {
      "content-type": file.mimeType,
      "content-length": String(bytes.byteLength),
      "content-disposition": contentDisposition(file.filename, {
        type: download ? "attachment" : "inline",
      }),
      "content-security-policy": FILE_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      // The user's own: never in a shared cache, and no longer in theirs than the URL holds.
      "cache-control": `private, max-age=${seconds}`,
    });
  });

  return app;
}
