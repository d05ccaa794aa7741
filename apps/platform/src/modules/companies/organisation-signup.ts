import { randomUUID } from "node:crypto";
import { ACCOUNT_DETAILS } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  addresses,
  type OrganisationRow,
  organisationMembers,
  organisations,
  users,
} from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import { BusinessFailure } from "../../http/business-failure.js";
import { PLATFORM_DETAILS } from "../accounts/account-details.js";
import {
  countryField,
  emailField,
  optionalPhoneField,
  organisationNumberField,
  requiredText,
  textField,
  tokenField,
} from "../accounts/account-fields.js";
import { tokenOwner } from "../accounts/account-tokens.js";
import { freeStaleOrganisationNumber } from "../accounts/pending-signups.js";
import { addressColumns } from "./companies.js";

/** An address given at signup (`AddressInput`); the required fields and messages are A§5's. */
const addressInput = z.object({
  name: textField().default(""),
  company_name: textField().default(""),
  street_address: requiredText("Street address is required"),
  co_address: textField().default(""),
  city: requiredText("City is required", 100),
  state_province: textField(100).default(""),
  house_number: textField(20).default(""),
  postal_code: requiredText("Postal code is required", 20),
  country: countryField.default("SE"),
  phone: optionalPhoneField.default(""),
  /** A§3: addresses created at signup are the default ones unless the client says otherwise. */
  is_default: z.boolean().default(true),
  shipping_type: textField(50).default("standard"),
});

type SignupAddress = z.output<typeof addressInput>;

/** `POST /enad/organisation/signup/` (`OrganisationSignupPayload`, A§3 Organisation, A§5). */
export const organisationSignupBody = z.object({
  name: requiredText("Company name is required"),
  organisation_number: organisationNumberField("Organisation number is required"),
  tax_id_vat_number: requiredText("Tax id / VAT number is required", 30),
  contact_name: textField().default(""),
  email: emailField,
  invoice_email: z.union([z.literal(""), emailField]).default(""),
  phone: optionalPhoneField.default(""),
  external_ref: textField().default(""),
  attribute_ids: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  credit_check: z.boolean().default(false),
  custom_fields: z
    .record(z.string().max(100), z.string().max(1000))
    .refine((fields) => Object.keys(fields).length <= 50, "at most 50 custom fields")
    .default({}),
  billing_address: z.array(addressInput).min(1, "At least one billing address is required").max(20),
  shipping_address: z
    .array(addressInput)
    .min(1, "At least one shipping address is required")
    .max(20),
  user_id: z.string().trim().min(1).max(100),
  /** Beyond the spec: the `signup_token` of the signup reply, proving the caller made `user_id`. */
  signup_token: tokenField,
  status: z.enum(["active", "pending"]).default("active"),
});

export type OrganisationSignupInput = z.output<typeof organisationSignupBody>;

/**
 * What the platform keeps of an organisation signup's own choices (ADR 0048): the shop's call (a
 * valid storefront token) as sent, the spec's settings (status, the attribute picker, a credit
 * check); anyone else's organisation is `pending` (it needs approval), without a credit check and
 * without attributes, whatever it sent. Approval, credit and attributes that grant anything are
 * never an anonymous caller's word.
 */
export function organisationSignupAsCaller(
  input: OrganisationSignupInput,
  fromShop: boolean,
): OrganisationSignupInput {
  if (fromShop) return input;
  return { ...input, status: "pending", credit_check: false, attribute_ids: [] };
}

/** The store group of company buyers: prices without VAT. */
const BUSINESS_STORE_GROUP = "business";

function addressRow(
  companyId: string,
  kind: "billing" | "shipping",
  input: SignupAddress,
  now: Date,
) {
  return {
    id: randomUUID(),
    companyId,
    kind,
    ...addressColumns(input),
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates the organisation of a user who has just signed up, with its addresses, and makes the
 * user its administrator (customer role, admin level: whoever registers the company administers
 * it). When the shop calls (`fromShop`), the user moves to the business store group; an
 * anonymous caller's user keeps the store group its signup got, so nobody buys at business prices
 * by attaching a company to their own signup through the API (ADR 0048). The fields only the shop
 * may set are kept as {@link organisationSignupAsCaller} says.
 *
 * At signup the user cannot log in yet (the email is unverified), so the proof is the signup's
 * own token (`signup_token` of the signup reply): the user id alone is no secret (seed ids are
 * predictable, and ids appear in replies). The call is only open while the signup is new: it
 * exists, is unverified and has no organisation. Once the email is verified, or an organisation
 * exists, nobody can attach a company to the account through this door.
 *
 * An organisation number held by a signup nobody confirmed in time is freed first, so a stranger
 * cannot keep a company from registering by signing up with its number.
 */
export async function signUpOrganisation(
  db: Database,
  sent: OrganisationSignupInput,
  fromShop: boolean,
  now: Date,
): Promise<OrganisationRow> {
  const input = organisationSignupAsCaller(sent, fromShop);
  try {
    return await db.transaction(async (tx) => {
      if ((await tokenOwner(tx, "signup", input.signup_token, now)) !== input.user_id) {
        throw new BusinessFailure(401, ACCOUNT_DETAILS.unauthorized);
      }
      // Locked, so two calls for one user cannot both pass the "no organisation yet" check.
      const [user] = await tx.select().from(users).where(eq(users.id, input.user_id)).for("update");
      if (!user || user.status === "deleted") {
        throw new BusinessFailure(404, ACCOUNT_DETAILS.userNotFound);
      }
      if (user.emailVerified) {
        throw new BusinessFailure(403, PLATFORM_DETAILS.organisationSignupClosed);
      }
      const [membership] = await tx
        .select({ organisationId: organisationMembers.organisationId })
        .from(organisationMembers)
        .where(eq(organisationMembers.userId, user.id))
        .limit(1);
      if (membership) throw new BusinessFailure(409, PLATFORM_DETAILS.alreadyInOrganisation);

      const [taken] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.organisationNumber, input.organisation_number));
      if (taken && !(await freeStaleOrganisationNumber(tx, input.organisation_number, now))) {
        throw new BusinessFailure(409, ACCOUNT_DETAILS.companyAlreadyExists);
      }

      const [company] = await tx
        .insert(organisations)
        .values({
          id: randomUUID(),
          name: input.name,
          organisationNumber: input.organisation_number,
          taxIdVatNumber: input.tax_id_vat_number,
          contactName: input.contact_name,
          email: input.email,
          invoiceEmail: input.invoice_email,
          phone: input.phone,
          externalRef: input.external_ref,
          status: input.status,
          creditCheck: input.credit_check,
          // No credit service is connected: a company is credit valid until someone says not.
          isCreditValid: true,
          customFields: input.custom_fields,
          attributeIds: input.attribute_ids,
          storeGroups: [BUSINESS_STORE_GROUP],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!company) throw new Error("Inserting an organisation returned no row");

      await tx
        .insert(addresses)
        .values([
          ...input.billing_address.map((address) =>
            addressRow(company.id, "billing", address, now),
          ),
          ...input.shipping_address.map((address) =>
            addressRow(company.id, "shipping", address, now),
          ),
        ]);
      await tx.insert(organisationMembers).values({
        userId: user.id,
        organisationId: company.id,
        role: "customer",
        level: "admin",
        createdAt: now,
      });
      if (fromShop) {
        await tx
          .update(users)
          .set({ storeGroup: BUSINESS_STORE_GROUP, updatedAt: now })
          .where(eq(users.id, user.id));
      }
      return company;
    });
  } catch (error) {
    // The same organisation number registered by someone else at the same moment.
    if (isUniqueViolation(error, "organisations_organisation_number_unique")) {
      throw new BusinessFailure(409, ACCOUNT_DETAILS.companyAlreadyExists);
    }
    throw error;
  }
}
