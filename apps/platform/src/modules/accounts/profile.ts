import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import { type UserRow, users } from "../../db/schema.js";
import {
  countryField,
  languageField,
  marketField,
  optionalPhoneField,
  storeGroupField,
  textField,
} from "./account-fields.js";

/**
 * `POST /enad/update-user/` (`UpdateUserPayload`, A§5 Profile). Every field is optional: a field
 * left out keeps its value, so `address` and `communication_preferences` may be sent in part.
 * `email` is not a field: the storefront sends the current one along (A§7), and it is ignored,
 * since an address only changes with a verification of the new one. `store_group` is accepted and
 * ignored too, as the company form's read-only fields are (ADR 0048): an account's store group is
 * its price list, set by the shop at signup or by the platform (an organisation's signup), never
 * by the account's own update.
 */
export const updateUserBody = z.object({
  first_name: textField(100).optional(),
  last_name: textField(100).optional(),
  phone_number: optionalPhoneField.optional(),
  address: z
    .object({
      street: textField().optional(),
      zip_code: textField(20).optional(),
      city: textField(100).optional(),
    })
    .optional(),
  communication_preferences: z
    .object({
      allow_email: z.boolean().optional(),
      allow_sms: z.boolean().optional(),
      allow_postal: z.boolean().optional(),
    })
    .optional(),
  /** Accepted for the wire shape (A§7), then ignored: see above. */
  store_group: storeGroupField.optional(),
  language: languageField.optional(),
  market: marketField.optional(),
  country_code: countryField.optional(),
});

export type UpdateUserInput = z.output<typeof updateUserBody>;

/** Applies the changes to the user (and only that user) and returns the updated row. */
export async function updateProfile(
  db: Database,
  user: UserRow,
  input: UpdateUserInput,
  now: Date,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      street: input.address?.street,
      zipCode: input.address?.zip_code,
      city: input.address?.city,
      allowEmail: input.communication_preferences?.allow_email,
      allowSms: input.communication_preferences?.allow_sms,
      allowPostal: input.communication_preferences?.allow_postal,
      language: input.language,
      market: input.market,
      countryCode: input.country_code,
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new Error(`User ${user.id} disappeared during an update`);
  return updated;
}
