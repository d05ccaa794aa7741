import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { badRequest } from "./http-error.js";
import { printable, unstorableTextProblem } from "./storable-text.js";

/**
 * The rule of `parseJsonBody` for the URL: path parameters (`/shopper/sessions/items/{id}`,
 * product parent ids) and query values (`/dev/mail.json?to=`) reach queries too, and `%00`
 * decodes to U+0000, which PostgreSQL refuses (500). Checked once for every request, on the path
 * and query as the handlers will read them (decoded), before any handler runs: 400 `BAD_REQUEST`
 * with `errors` naming `path` or `query.<name>`.
 */
export const rejectUnstorableUrl = createMiddleware<AppEnv>(async (c, next) => {
  const problems: string[] = [];
  const pathProblem = unstorableTextProblem(c.req.path);
  if (pathProblem) problems.push(`path: ${pathProblem}`);
  for (const [name, values] of Object.entries(c.req.queries())) {
    const problem = [name, ...values].map(unstorableTextProblem).find(Boolean);
    if (problem) problems.push(`query.${printable(name)}: ${problem}`);
  }
  if (problems.length > 0) throw badRequest("The URL holds text that cannot be stored", problems);
  await next();
});
