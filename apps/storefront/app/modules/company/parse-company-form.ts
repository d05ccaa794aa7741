import { parseWithZod } from "@conform-to/zod/v4";
import { companyFormSchema } from "@kassa/domain";

/**
 * Parses a post of the company form with the A§5 schema, in the browser and on the server alike.
 *
 * Conform's automatic coercion is off: it turns an empty field into `undefined` inside the
 * schema's own preprocessing, so every optional text field left empty (c/o address, invoice
 * email, …) would fail as "expected string". The domain schema reads posted strings itself (blank
 * optional texts become `""`, a ticked box `"on"`, a phone is normalised), as it reads the JSON
 * body on the platform.
 */
export function parseCompanyForm(formData: FormData) {
  return parseWithZod(formData, { schema: companyFormSchema, disableAutoCoercion: true });
}
