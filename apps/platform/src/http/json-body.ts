import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "./http-error.js";

/**
 * Reads the request body as JSON and validates it with a zod schema. Malformed JSON and a body
 * that fails the schema both answer 400 `BAD_REQUEST`; the latter lists every problem in `errors`
 * as `path: message` (the storefront's order error card splits these at the colon, C§8).
 * An empty body counts as `{}`, so the schema names the missing fields.
 */
export async function parseJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim() !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      throw badRequest("The request body is not valid JSON");
    }
  }
  return validate(schema, json, "The request body is invalid");
}

export function validate<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  message: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw badRequest(
      message,
      result.error.issues.map((issue) => {
        const path = issue.path.map(String).join(".");
        return path ? `${path}: ${issue.message}` : issue.message;
      }),
    );
  }
  return result.data;
}
