import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { MEDIA_MESSAGES } from "@kassa/domain";
import { createMiddleware } from "hono/factory";
import type { Clock } from "../../clock.js";
import type { Database } from "../../db/open-database.js";
import type { AppEnv } from "../../http/app-env.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { HttpError } from "../../http/http-error.js";
import { hasBody } from "../../http/json-content-type.js";
import { isMediaUpload } from "../../http/media-paths.js";
import { bearerTokenOf, userOfAccessToken } from "../accounts/require-user.js";
import { mayPostFiles } from "./media-access.js";
import { notAllowed } from "./media-errors.js";

/**
 * The uploads' gate (issue 28, ADR 0034): who may post files (`POST /api/company-media/`, `POST
 * /api/eps-convert`) is decided from the headers, before a byte of the body is read. The upload
 * paths take bodies of up to ten print files in base64 (about 70 MB at 5 MB a file), and an
 * anonymous caller used to get them read, by the idempotency layer and the body limit, before any
 * check: 40 parallel anonymous uploads pinned about 3 GB.
 *
 * - no valid access token: 401, as `requireUser` answers;
 * - a user who administers no company and is no super admin (who could store a file nowhere):
 *   403 `Not allowed` with the call's C§8 text. The answer does not depend on the company named in
 *   the body (unread), so it tells nothing about one.
 *
 * Which company the file is for is in the body; the route checks it after reading, as before
 * (`companyForMedia`). A refusal here says `Connection: close` when a body is on its way, so the
 * connection goes rather than the body being read and thrown away.
 *
 * Register it before the idempotency layer (which reads the body to fingerprint it).
 */
export function authoriseUploadsBeforeBody({
  db,
  secret,
  clock,
}: {
  db: Database;
  secret: string;
  clock: Clock;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isMediaUpload(c.req.method, c.req.path)) return next();
    try {
      const token = bearerTokenOf(c.req.header("authorization"));
      const user = await userOfAccessToken(db, token, secret, clock());
      if (!user) throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
      if (!(await mayPostFiles(db, user))) throw refusal(c.req.path);
    } catch (error) {
      if (hasBody(c.req.raw.headers)) c.header("Connection", "close");
      throw error;
    }
    await next();
  });
}

function refusal(path: string): HttpError {
  if (path.startsWith("/api/eps-convert")) {
    return new HttpError(
      403,
      MEDIA_MESSAGES.conversionFailed,
      "Only the administrators of a company may convert files",
    );
  }
  return notAllowed(MEDIA_MESSAGES.uploadFailed);
}
