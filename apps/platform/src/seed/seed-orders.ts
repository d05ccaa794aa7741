import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import {
  type OrderActorColumn,
  type OrderAddress,
  orderEvents,
  orderLines,
  orderNotes,
  orders,
  productParents,
  productVariants,
  variantPrices,
} from "../db/schema.js";
import { productImageUrl } from "../modules/catalogue/image-urls.js";
import { languageOrDefault, translate } from "../modules/catalogue/language.js";
import { resolveMarket } from "../modules/catalogue/markets.js";
import { variantDisplayName, variantName } from "../modules/catalogue/variant-names.js";
import { GIFT_CARD_PRODUCT_PARENT_ID } from "../modules/gift-cards/gift-card-product-catalogue.js";
import { computeCartTotals } from "../modules/shopper/cart-totals.js";
import { shippingRuleFor } from "../modules/shopper/shipping.js";
import { ORGANISATION_DETAILS, USER_DETAILS } from "./account-data.js";
import { SEED_ORGANISATIONS, SEED_USERS } from "./fixtures.js";
import { SEED_ORDER_PLAN, type SeedOrderPlan } from "./order-plan.js";

/**
 * The demo orders (issue 10): a year of orders in every state, for the demo consumers and
 * companies, so the order pages have something to page, filter and search, and every badge and
 * decision of C§4 can be seen. What they are is planned in `order-plan.ts` (no database); this
 * file prices their lines from the seeded catalogue and writes them with their audit trails.
 */

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 250;

async function insertAll<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

const BACK_OFFICE: OrderActorColumn = {
  type: "client",
  id: "kassa-back-office",
  name: "kassa-back-office",
  role: "back_office",
};

const SYSTEM: OrderActorColumn = { type: "system", id: "kassa", name: "Kassa", role: "system" };

const HOUR = 3_600_000;

interface PricedVariant {
  variantId: string;
  parentId: string;
  slug: string;
  parentName: Record<"sv" | "fi" | "en", string>;
  color: Record<"sv" | "fi" | "en", string> | null;
  size: string | null;
  basePriceAmount: number;
  salePriceAmount: number;
  taxPercentage: number;
}

/** The listed, active variants priced in one store group and market, in catalogue order. */
async function pricedVariants(
  db: Database,
  storeGroupId: string,
  countryCode: string,
): Promise<PricedVariant[]> {
  const rows = await db
    .select({ variant: productVariants, parent: productParents, price: variantPrices })
    .from(variantPrices)
    .innerJoin(productVariants, eq(productVariants.id, variantPrices.productVariantId))
    .innerJoin(productParents, eq(productParents.id, productVariants.productParentId))
    .where(
      and(
        eq(variantPrices.storeGroupId, storeGroupId),
        eq(variantPrices.countryCode, countryCode),
        eq(productParents.isActive, true),
        eq(productParents.isListed, true),
        ne(productParents.id, GIFT_CARD_PRODUCT_PARENT_ID),
      ),
    )
    .orderBy(asc(productVariants.id));
  return rows.map(({ variant, parent, price }) => ({
    variantId: variant.id,
    parentId: parent.id,
    slug: parent.slug,
    parentName: parent.name,
    color: variant.color,
    size: variant.size,
    basePriceAmount: price.basePriceAmount,
    salePriceAmount: price.salePriceAmount,
    taxPercentage: price.taxPercentage,
  }));
}

function userActor(userKey: keyof typeof SEED_USERS, role: OrderActorColumn["role"]) {
  const user = SEED_USERS[userKey];
  return {
    type: "user" as const,
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    role,
  };
}

/** The address an order was placed with: the user's own, or the company's with the buyer's name. */
function addressesOf(plan: SeedOrderPlan): { billing: OrderAddress; shipping: OrderAddress } {
  if (plan.kind === "guest") {
    const address: OrderAddress = { ...plan.guest, country: plan.countryCode };
    return { billing: address, shipping: address };
  }
  const user = SEED_USERS[plan.placedBy];
  if (!plan.organisation) {
    const details = USER_DETAILS[plan.placedBy];
    const address: OrderAddress = {
      givenName: user.firstName,
      familyName: user.lastName,
      email: user.email,
      telephoneNumber: details.phoneNumber,
      streetAddress: details.street,
      postalCode: details.zipCode,
      city: details.city,
      country: plan.countryCode,
    };
    return { billing: address, shipping: address };
  }
  const organisation = SEED_ORGANISATIONS[plan.organisation];
  const details = ORGANISATION_DETAILS[plan.organisation];
  const [contactFirst = "", ...contactRest] = details.contactName.split(" ");
  const onBehalf = plan.placedBy === "agent";
  const person = onBehalf
    ? { givenName: contactFirst, familyName: contactRest.join(" "), email: details.email }
    : { givenName: user.firstName, familyName: user.lastName, email: user.email };
  const toAddress = (kind: "billing" | "shipping"): OrderAddress => {
    const address = details.addresses.find((candidate) => candidate.kind === kind);
    if (!address) throw new Error(`No ${kind} address for ${organisation.name}`);
    return {
      ...person,
      telephoneNumber: address.phone,
      streetAddress: address.streetAddress,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      organizationName: organisation.name,
      organizationNumber: organisation.organisationNumber,
    };
  };
  return { billing: toAddress("billing"), shipping: toAddress("shipping") };
}

function attributesOf(plan: SeedOrderPlan): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (plan.kind !== "guest" && plan.organisation) {
    const organisation = SEED_ORGANISATIONS[plan.organisation];
    const user = SEED_USERS[plan.placedBy];
    const reference =
      plan.placedBy === "agent"
        ? ORGANISATION_DETAILS[plan.organisation].contactName
        : `${user.firstName} ${user.lastName}`;
    attributes.company = {
      registrationNumber: organisation.organisationNumber,
      taxId: organisation.taxIdVatNumber,
      name: organisation.name,
      reference,
    };
    attributes.merchantReference1 = organisation.organisationNumber;
  }
  if (plan.provorder) attributes.merchantReference2 = "provorder";
  return attributes;
}

/**
 * Adds the demo orders when there are none yet (a shop's own orders are never mixed with them).
 * Answers how many were added.
 */
export async function seedOrders(db: Database): Promise<number> {
  const [existing] = await db.select({ orders: count() }).from(orders);
  if ((existing?.orders ?? 0) > 0) return 0;
  return writeOrderPlans(db, SEED_ORDER_PLAN);
}

/**
 * Prices planned orders from the seeded catalogue and writes them with their lines, notes and
 * audit trails in one transaction, in batches. Plans in date order get numbers that grow with
 * their dates. Answers how many were written.
 */
export async function writeOrderPlans(
  db: Database,
  plans: readonly SeedOrderPlan[],
): Promise<number> {
  const catalogues = new Map<string, PricedVariant[]>();
  for (const storeGroupId of ["default", "business"]) {
    for (const countryCode of ["SE", "FI"]) {
      catalogues.set(
        `${storeGroupId}:${countryCode}`,
        await pricedVariants(db, storeGroupId, countryCode),
      );
    }
  }

  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const noteRows: (typeof orderNotes.$inferInsert)[] = [];
  const eventRows: (typeof orderEvents.$inferInsert)[] = [];

  for (const plan of plans) {
    const catalogue = catalogues.get(`${plan.storeGroupId}:${plan.countryCode}`) ?? [];
    if (catalogue.length === 0) continue;
    const market = resolveMarket(plan.countryCode);
    if (!market) throw new Error(`Unknown market ${plan.countryCode}`);
    const language = languageOrDefault(plan.languageCode);
    const isTaxIncludedInPrice = plan.storeGroupId !== "business";

    const lines = plan.lines.map((line, position) => {
      const variant = catalogue[line.variantIndex % catalogue.length] as PricedVariant;
      const parentName = translate(variant.parentName, language);
      const customAttributes: Record<string, unknown> = { productSlug: variant.slug, parentName };
      if (variant.color) customAttributes.color = translate(variant.color, language);
      if (variant.size) customAttributes.size = variant.size;
      return {
        orderId: plan.id,
        position,
        productVariantId: variant.variantId,
        productParentId: variant.parentId,
        name: variantName(variant, parentName, language),
        displayName: variantDisplayName(variant, parentName, language),
        // A path: the read model puts the platform's public URL in front of it.
        imageUrl: productImageUrl("", variant.variantId),
        quantity: line.quantity,
        options: {},
        customAttributes,
        basePriceAmount: variant.basePriceAmount,
        salePriceAmount: variant.salePriceAmount,
        totalDiscountAmount: 0,
        totalPriceAmount: variant.salePriceAmount * line.quantity,
        taxPercentage: variant.taxPercentage,
        deliveredQuantity: line.delivered,
      };
    });
    const totals = computeCartTotals({
      lines,
      isTaxIncludedInPrice,
      shipping: shippingRuleFor(plan.countryCode),
      shippingTaxPercentage: market.vatRate,
    });
    const compensatedTotal =
      plan.compensation === "FULLY_COMPENSATED"
        ? totals.grandTotal
        : plan.compensation === "PARTIALLY_COMPENSATED"
          ? Math.round(totals.grandTotal * 0.3)
          : 0;
    const { billing, shipping } = addressesOf(plan);
    const placedAt = new Date(plan.placedAt);
    const orderStates = plan.compensation ? [plan.flow, plan.compensation] : [plan.flow];

    orderRows.push({
      id: plan.id,
      checkoutId: `seed-${plan.id}`,
      sessionId: `seed-${plan.id}`,
      storeGroupId: plan.storeGroupId,
      countryCode: plan.countryCode,
      currencyCode: market.currency,
      languageCode: plan.languageCode,
      isTaxIncludedInPrice,
      orderStates,
      customStates: plan.customStates,
      email: billing.email,
      billingAddress: billing,
      shippingAddress: shipping,
      attributes: attributesOf(plan),
      discountCodes: [],
      ...totals,
      giftCardTotal: 0,
      paidAmount: totals.grandTotal,
      paymentProvider: plan.paymentProvider,
      paymentReference: `seed-${plan.id}`,
      shippingProvider: "PostNord",
      placedAt,
      userId: plan.kind === "guest" ? null : SEED_USERS[plan.placedBy].id,
      organisationId:
        plan.kind !== "guest" && plan.organisation
          ? SEED_ORGANISATIONS[plan.organisation].id
          : null,
      compensatedTotal,
    });
    lineRows.push(...lines);

    const company =
      plan.kind !== "guest" && plan.organisation
        ? {
            id: SEED_ORGANISATIONS[plan.organisation].id,
            name: SEED_ORGANISATIONS[plan.organisation].name,
          }
        : null;
    for (const [index, step] of plan.trail.entries()) {
      const at = new Date(placedAt.getTime() + step.afterHours * HOUR);
      const eventId = `${plan.id}-e${String(index).padStart(2, "0")}`;
      let actor: OrderActorColumn;
      switch (step.by) {
        case "placer":
          actor =
            plan.kind === "guest"
              ? {
                  type: "user",
                  id: "",
                  name: `${billing.givenName} ${billing.familyName}`,
                  role: "customer",
                }
              : userActor(plan.placedBy, plan.placedBy === "agent" ? "agent" : "customer");
          break;
        case "customer":
          actor = userActor(step.customer, "customer");
          break;
        case "agent":
          actor = userActor("agent", "agent");
          break;
        case "back-office":
          actor = BACK_OFFICE;
          break;
        default:
          actor = SYSTEM;
      }
      const onBehalfOf = actor.role === "agent" ? company : null;
      const details: Record<string, unknown> = { ...step.details };
      if (step.note) {
        const noteId = `${plan.id}-n${String(index).padStart(2, "0")}`;
        noteRows.push({
          id: noteId,
          orderId: plan.id,
          text: step.note,
          author: actor,
          createdAt: at,
        });
        details.noteId = noteId;
      }
      eventRows.push({
        id: eventId,
        orderId: plan.id,
        kind: step.kind,
        at,
        actor,
        onBehalfOf,
        details,
        // Old decisions were reported to the agents long ago.
        notifiedAt: actor.role === "customer" && step.by === "customer" ? at : null,
      });
    }
  }

  await db.transaction(async (tx) => {
    // In date order, so the order numbers (an identity column) grow with the dates.
    await insertAll(orderRows, (rows) => tx.insert(orders).values(rows));
    await insertAll(lineRows, (rows) => tx.insert(orderLines).values(rows));
    await insertAll(noteRows, (rows) => tx.insert(orderNotes).values(rows));
    await insertAll(eventRows, (rows) => tx.insert(orderEvents).values(rows));
  });
  return orderRows.length;
}
