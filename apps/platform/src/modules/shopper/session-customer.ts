import {
  addressFieldsOf,
  type SessionCustomer,
  type SessionCustomerAddress,
  type SessionCustomerContact,
} from "@kassa/api-client";
import {
  type AddressKind,
  companyValidationText,
  findMarket,
  newAddressSchema,
} from "@kassa/domain";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/open-database.js";
import {
  addresses,
  organisationMembers,
  organisations,
  type ShopperSessionRow,
  shopperSessions,
  users,
} from "../../db/schema.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../http/http-error.js";
import { userOfAccessToken } from "../accounts/require-user.js";
import { addressReply } from "../companies/companies.js";
import { findSession } from "./sessions.js";

/**
 * `PUT` / `DELETE /shopper/sessions/customer` (ADR 0012): whose session this is, proven by the
 * user's access token, and which company they order for, checked against their memberships. An
 * order placed from the session belongs to that user and company; nothing a client writes in the
 * session's attributes can make it so.
 *
 * With a company, the link also holds the customer card's choice (A§2, A§4): the contact person
 * (a customer of the company, or the caller themself) and the order's billing and shipping
 * addresses (one of the company's, or a new one for this order only). Each is checked against the
 * company when it is chosen and kept as a copy, so the order is placed with what was chosen.
 */

/** A card address as sent: one of the company's (`{id}`), or a new one (A§5, `newAddressSchema`). */
type CardAddressInput = { id: string } | z.output<typeof newAddressSchema>;

const existingAddress = z.object({ id: z.string().trim().min(1).max(100) }).strict();

/**
 * `{id}` or a new address. Told apart by the `id` key rather than by a union, so a new address
 * with a mistake answers its own field messages (the spec's English texts, `companyValidationText`).
 */
const cardAddress = z.unknown().transform((value, ctx): CardAddressInput => {
  const isExisting = typeof value === "object" && value !== null && "id" in value;
  const parsed = isExisting ? existingAddress.safeParse(value) : newAddressSchema.safeParse(value);
  if (parsed.success) {
    // An order goes only where the shop delivers (the card offers the markets' countries).
    if ("country" in parsed.data && !findMarket(parsed.data.country)) {
      ctx.addIssue({
        code: "custom",
        path: ["country"],
        message: `the shop does not deliver to ${parsed.data.country}`,
      });
      return z.NEVER;
    }
    return parsed.data;
  }
  for (const issue of parsed.error.issues) {
    ctx.addIssue({
      code: "custom",
      path: issue.path,
      message: companyValidationText(issue.message),
    });
  }
  return z.NEVER;
});

export const sessionCustomerBody = z.object({
  accessToken: z.string().min(1).max(4096),
  organisationId: z.string().trim().min(1).max(100).optional(),
  contactUserId: z.string().trim().min(1).max(100).optional(),
  billingAddress: cardAddress.optional(),
  shippingAddress: cardAddress.optional(),
});

export type SessionCustomerInput = z.output<typeof sessionCustomerBody>;

/** What the session row holds of the link. */
type LinkColumns = Pick<
  ShopperSessionRow,
  | "customerUserId"
  | "customerOrganisationId"
  | "customerContactUserId"
  | "customerBillingAddress"
  | "customerShippingAddress"
>;

const UNLINKED: LinkColumns = {
  customerUserId: null,
  customerOrganisationId: null,
  customerContactUserId: null,
  customerBillingAddress: null,
  customerShippingAddress: null,
};

/** The session's customer link as the wire has it, or null. */
export async function sessionCustomerOf(
  db: Database,
  session: LinkColumns,
): Promise<SessionCustomer | null> {
  if (!session.customerUserId) return null;
  return {
    userId: session.customerUserId,
    organisationId: session.customerOrganisationId,
    onBehalf: await isOnBehalf(db, session.customerUserId, session.customerOrganisationId),
    contact: session.customerContactUserId
      ? await contactOf(db, session.customerContactUserId)
      : null,
    billingAddress: session.customerBillingAddress ?? null,
    shippingAddress: session.customerShippingAddress ?? null,
  };
}

/** A user as the card names the contact person; null once the account is gone. */
export async function contactOf(
  db: Database,
  userId: string,
): Promise<SessionCustomerContact | null> {
  const [user] = await db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.status === "deleted") return null;
  const { status: _status, ...contact } = user;
  return contact;
}

/** An order for a company by someone who is not its customer (an agent, a super admin). */
export async function isOnBehalf(
  db: Database,
  userId: string,
  organisationId: string | null,
): Promise<boolean> {
  if (!organisationId) return false;
  return (await roleIn(db, userId, organisationId)) !== "customer";
}

async function roleIn(
  db: Database,
  userId: string,
  organisationId: string,
): Promise<"customer" | "agent" | undefined> {
  const [membership] = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.userId, userId),
        eq(organisationMembers.organisationId, organisationId),
      ),
    );
  return membership?.role;
}

/**
 * Why a customer link no longer holds, or null when it does: the user's account is gone or
 * unconfirmed, or they are no longer a member of the company (an admin removed them) and are not
 * a super admin. The link is checked when it is made; this closes the gap between then and the
 * checkout, and between the checkout and the order (`placeOrder` asks again).
 */
export async function lapsedCustomerLink(
  db: Database,
  link: Pick<ShopperSessionRow, "customerUserId" | "customerOrganisationId">,
): Promise<string | null> {
  if (!link.customerUserId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, link.customerUserId));
  if (!user || user.status === "deleted" || !user.emailVerified) {
    return "The session's customer may no longer order";
  }
  const organisationId = link.customerOrganisationId;
  if (organisationId && !user.isSuperAdmin && !(await roleIn(db, user.id, organisationId))) {
    return "The user may no longer order for this organisation";
  }
  return null;
}

/** Refuses (403) to start a checkout whose customer link no longer holds ({@link lapsedCustomerLink}). */
export async function assertSessionCustomerMayOrder(
  db: Database,
  session: Pick<ShopperSessionRow, "customerUserId" | "customerOrganisationId">,
): Promise<void> {
  const lapsed = await lapsedCustomerLink(db, session);
  if (lapsed) throw forbidden(lapsed);
}

/**
 * Links the session to the token's user and, when given, one of their organisations (or any for a
 * super admin), with the card's choice. The cart's revision moves on only when the link changes,
 * so a checkout started for someone else, or for another address, can no longer be paid, while
 * repeating the same link changes nothing.
 */
export async function linkSessionCustomer(
  db: Database,
  sessionId: string,
  input: SessionCustomerInput,
  { secret, now }: { secret: string; now: Date },
): Promise<SessionCustomer> {
  const user = await userOfAccessToken(db, input.accessToken, secret, now);
  if (!user) throw unauthorized("The access token is not valid");
  const organisationId = input.organisationId ?? null;
  // How the caller belongs to the organisation (none for a super admin who is not a member).
  let callerRole: Awaited<ReturnType<typeof roleIn>>;
  if (!organisationId) {
    const needing = (["contactUserId", "billingAddress", "shippingAddress"] as const).filter(
      (field) => input[field] !== undefined,
    );
    if (needing.length > 0) {
      throw badRequest(
        "The customer card's choice needs an organisation",
        needing.map((field) => `${field}: needs organisationId`),
      );
    }
  } else {
    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    if (!organisation) throw notFound("organisation not found");
    callerRole = await roleIn(db, user.id, organisationId);
    if (!callerRole && !user.isSuperAdmin) {
      throw forbidden("The user may not order for this organisation");
    }
  }

  const link: LinkColumns = {
    customerUserId: user.id,
    customerOrganisationId: organisationId,
    customerContactUserId: null,
    customerBillingAddress: null,
    customerShippingAddress: null,
  };
  if (organisationId) {
    const errors: string[] = [];
    if (input.contactUserId && input.contactUserId !== user.id) {
      // A§4: only an agent of the company or a super admin orders for another person (the
      // contact picker is theirs); a buyer names themself or nobody, whatever the client sends.
      const mayChoose = user.isSuperAdmin || callerRole === "agent";
      if (!mayChoose) throw forbidden("Only the company's agent may order for another person");
    }
    if (input.contactUserId) {
      const mayBeContact =
        input.contactUserId === user.id ||
        (await roleIn(db, input.contactUserId, organisationId)) === "customer";
      if (mayBeContact && (await contactOf(db, input.contactUserId))) {
        link.customerContactUserId = input.contactUserId;
      } else {
        errors.push("contactUserId: is not a customer of the organisation");
      }
    }
    for (const kind of ["billing", "shipping"] as const) {
      const choice = input[`${kind}Address`];
      if (!choice) continue;
      const address = await cardAddressOf(db, organisationId, kind, choice);
      if (address)
        link[kind === "billing" ? "customerBillingAddress" : "customerShippingAddress"] = address;
      else errors.push(`${kind}Address.id: is not a ${kind} address of the organisation`);
    }
    if (errors.length > 0) {
      throw badRequest("The customer card's choice does not fit the organisation", errors);
    }
  }

  await setLink(db, sessionId, link, now);
  return (await sessionCustomerOf(db, link)) as SessionCustomer;
}

/** The copy the session keeps of a card address: the company's address of that kind, or the new one. */
async function cardAddressOf(
  db: Database,
  organisationId: string,
  kind: AddressKind,
  choice: CardAddressInput,
): Promise<SessionCustomerAddress | null> {
  if (!("id" in choice)) {
    return {
      id: null,
      name: choice.name,
      company_name: choice.company_name,
      street_address: choice.street_address,
      co_address: "",
      city: choice.city,
      state_province: choice.state_province,
      house_number: "",
      postal_code: choice.postal_code,
      country: choice.country,
      phone: "",
    };
  }
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.id, choice.id),
        eq(addresses.companyId, organisationId),
        eq(addresses.kind, kind),
      ),
    );
  if (!row) return null;
  return { id: row.id, ...addressFieldsOf(addressReply(row)) };
}

/** Unlinks the session (a visitor's checkout). */
export async function unlinkSessionCustomer(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<void> {
  await setLink(db, sessionId, UNLINKED, now);
}

const ADDRESS_FIELDS: readonly (keyof SessionCustomerAddress)[] = [
  "id",
  "name",
  "company_name",
  "street_address",
  "co_address",
  "city",
  "state_province",
  "house_number",
  "postal_code",
  "country",
  "phone",
];

/** Field by field: the database may give a JSON object's keys back in another order. */
function sameAddress(a: SessionCustomerAddress | null, b: SessionCustomerAddress | null): boolean {
  if (!a || !b) return a === b;
  return ADDRESS_FIELDS.every((field) => a[field] === b[field]);
}

function sameLink(a: LinkColumns, b: LinkColumns): boolean {
  return (
    a.customerUserId === b.customerUserId &&
    a.customerOrganisationId === b.customerOrganisationId &&
    a.customerContactUserId === b.customerContactUserId &&
    sameAddress(a.customerBillingAddress, b.customerBillingAddress) &&
    sameAddress(a.customerShippingAddress, b.customerShippingAddress)
  );
}

async function setLink(
  db: Database,
  sessionId: string,
  link: LinkColumns,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await findSession(tx, sessionId, { forUpdate: true });
    if (sameLink(session, link)) return;
    await tx
      .update(shopperSessions)
      .set({
        ...link,
        revision: sql`${shopperSessions.revision} + 1`,
        updatedAt: now,
      })
      .where(eq(shopperSessions.id, sessionId));
  });
}
