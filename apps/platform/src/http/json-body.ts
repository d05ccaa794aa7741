import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "./http-error.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";
import { findUnstorableText } from "./storable-text.js";

/**
 * Reads the request body as JSON and validates it with a zod schema. Malformed JSON and a body
 * that fails the schema both answer 400 `BAD_REQUEST`; the latter lists every problem in `errors`
 * as `path: message` (the storefront's order error card splits these at the colon, C§8).
 * An empty body counts as `{}`, so the schema names the missing fields.
 *
 * Before the schema runs, two things no schema should have to think about are refused with 400:
 * nesting deeper than {@link MAX_JSON_DEPTH} (checked on the text, before parsing), and any
 * string or key the database cannot store (U+0000, unpaired surrogates; `errors` names each path).
 * The content type is checked for every request by the `requireJsonBody` middleware.
 */
export async function parseJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim() !== "") {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      throw badRequest(
        `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`,
      );
    }
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest("The request body is not valid JSON");
    }
    const unstorable = findUnstorableText(json);
    if (unstorable.length > 0) {
      throw badRequest("The request body holds text that cannot be stored", unstorable);
    }
  }
  return validate(schema, json, "The request body is invalid");
}

/**
 * Validates a value with a zod schema; a failure answers 400 with `errors` as `path: message`.
 * `textOf` turns a schema's message into the text answered: schemas shared with the storefront
 * (`@kassa/domain`) carry translation keys, and the server answers the spec's English text of the
 * key (e.g. `companyValidationText`).
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  message: string,
  textOf: (issueMessage: string) => string = (issueMessage) => issueMessage,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest(
      message,
      result.error.issues.map((issue) => {
        const path = issue.path.map(String).join(".");
        const text = textOf(issue.message);
        return path ? `${path}: ${text}` : text;
      }),
    );
  }
  return result.data;
}
