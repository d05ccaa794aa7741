import type {
  CustomStateChanged,
  OrderNoteAdded,
  OrderSummaries,
  OrdersPage,
  OrderWithAccess,
} from "@kassa/api-client";
import {
  cleanOrganisationNumber,
  isOrderCustomStateId,
  MAX_ORDER_NOTE_LENGTH,
} from "@kassa/domain";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import { orders, organisations } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { forbidden, notFound } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import { requireUser } from "../accounts/require-user.js";
import { queueAgentNotification } from "./agent-notification.js";
import { changeCustomState } from "./custom-states.js";
import {
  accessToOrder,
  customerDecisionGuard,
  mayChangeCustomState,
  type OrderViewer,
  orderViewerOf,
  userActor,
  visibleOrdersWhere,
} from "./order-access.js";
import { ordersPageBody, readOrdersPage } from "./order-list.js";
import { addNote } from "./order-notes.js";
import { findOrderWithCompany, noteOf, readOrder, readOrderSummaries } from "./order-read.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

const email = z.string().trim().toLowerCase().min(1).max(254);
const orderId = z.string().trim().min(1).max(100);

const byEmailBody = z.object({ email });
const byRefBody = z.object({
  ref: z.string().trim().min(1).max(100),
  source: z.enum(["ref1", "ref2", "order"]).default("ref1"),
  email: email.optional(),
});
const byIdBody = z.object({ orderId });
const changeStateBody = z.object({
  orderId,
  stateId: z.string().trim().min(1).max(100),
  type: z.enum(["add", "remove"]),
});
const noteBody = z.object({ orderId, text: z.string().trim().min(1).max(MAX_ORDER_NOTE_LENGTH) });

const NO_ORDERS: OrderSummaries = { orderSummaries: [] };

/**
 * The `/brink/*` wrapper (C§7 Orders, ADR 0012): the account pages' order calls, as the access
 * token's user. Lookups answer only the orders that user may see; one order they may not see
 * answers 404 `order not found`, the same as one that does not exist. Answers are `{ data }`.
 */
export function brinkRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const withUser = requireUser(db, config.sessionSecret, clock);
  const viewer = (user: AppEnv["Variables"]["user"]) => orderViewerOf(db, user);

  /** The order and how the viewer relates to it; 404 unless they may see it. */
  async function visibleOrder(who: OrderViewer, id: string) {
    const found = await findOrderWithCompany(db, id);
    const access = found ? accessToOrder(who, found.order) : null;
    if (!found || !access) throw notFound("order not found");
    return { ...found, access };
  }

  app.post("/get-orders-by-email", withUser, async (c) => {
    const input = await parseJsonBody(c, byEmailBody);
    const who = await viewer(c.get("user"));
    if (input.email !== who.user.email && !who.user.isSuperAdmin) {
      throw forbidden("Only your own email's orders can be looked up");
    }
    // An order's email gives no right to it: only the orders the caller may see are answered.
    const found = await readOrderSummaries(
      db,
      and(eq(orders.email, input.email), visibleOrdersWhere(who)),
    );
    return c.json({ data: { orderSummaries: found } satisfies OrderSummaries });
  });

  app.post("/get-orders-by-ref", withUser, async (c) => {
    const input = await parseJsonBody(c, byRefBody);
    const who = await viewer(c.get("user"));
    const { user } = who;
    const narrowByEmail = input.email ? eq(orders.email, input.email) : undefined;

    if (input.source === "ref2") {
      if (input.ref !== user.id && !user.isSuperAdmin) {
        throw forbidden("Only your own orders can be looked up by user");
      }
      // Placing an order gives no right to it either: a company's orders need a membership now.
      const found = await readOrderSummaries(
        db,
        and(eq(orders.userId, input.ref), narrowByEmail, visibleOrdersWhere(who)),
      );
      return c.json({ data: { orderSummaries: found } satisfies OrderSummaries });
    }

    if (input.source === "order") {
      const reference = Number(input.ref);
      if (!Number.isSafeInteger(reference) || reference <= 0) return c.json({ data: NO_ORDERS });
      const [row] = await db.select().from(orders).where(eq(orders.reference, reference));
      if (!row || !accessToOrder(who, row)) return c.json({ data: NO_ORDERS });
      const found = await readOrderSummaries(db, eq(orders.id, row.id));
      return c.json({ data: { orderSummaries: found } satisfies OrderSummaries });
    }

    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.organisationNumber, cleanOrganisationNumber(input.ref)));
    if (!organisation || (!who.memberships.has(organisation.id) && !user.isSuperAdmin)) {
      throw forbidden("Only your companies' orders can be looked up");
    }
    const found = await readOrderSummaries(
      db,
      and(eq(orders.organisationId, organisation.id), narrowByEmail),
    );
    return c.json({ data: { orderSummaries: found } satisfies OrderSummaries });
  });

  // One page of the order list: the lookups above, merged, filtered, counted and paged in the
  // database (issue 32), each lookup allowed or refused as its own call is.
  app.post("/get-orders-page", withUser, async (c) => {
    const input = await parseJsonBody(c, ordersPageBody);
    const page = await readOrdersPage(db, await viewer(c.get("user")), input);
    return c.json({ data: page satisfies OrdersPage });
  });

  app.post("/get-order-by-id", withUser, async (c) => {
    const input = await parseJsonBody(c, byIdBody);
    const { order, access } = await visibleOrder(await viewer(c.get("user")), input.orderId);
    const full = await readOrder(db, order.id, config.publicUrl);
    if (!full) throw notFound("order not found");
    return c.json({ data: { order: full, access } satisfies OrderWithAccess });
  });

  app.post("/change-order-custom-state", withUser, async (c) => {
    const input = await parseJsonBody(c, changeStateBody);
    const who = await viewer(c.get("user"));
    const { order, company, access } = await visibleOrder(who, input.orderId);
    if (!mayChangeCustomState(access, input.stateId, input.type)) {
      throw forbidden(
        isOrderCustomStateId(input.stateId) && access !== "customer"
          ? "Only the customer may decide on this order"
          : "You may not change this state",
      );
    }
    const customStates = await db.transaction(async (tx) => {
      const after = await changeCustomState(tx, {
        orderId: order.id,
        stateId: input.stateId,
        type: input.type,
        actor: userActor(who.user, access),
        onBehalfOf:
          access !== "customer" && company ? { id: company.id, name: company.name } : null,
        now: clock(),
        guard: access === "customer" ? customerDecisionGuard(input.stateId, input.type) : undefined,
      });
      if (access === "customer" && input.type === "add") await queueAgentNotification(tx, order.id);
      return after;
    });
    return c.json({
      data: {
        ok: true,
        customStates: customStates.map((id) => ({ id })),
      } satisfies CustomStateChanged,
    });
  });

  app.post("/add-order-note", withUser, async (c) => {
    const input = await parseJsonBody(c, noteBody);
    const who = await viewer(c.get("user"));
    const { order, company, access } = await visibleOrder(who, input.orderId);
    const note = await db.transaction(async (tx) => {
      const written = await addNote(tx, {
        orderId: order.id,
        text: input.text,
        author: userActor(who.user, access),
        onBehalfOf:
          access !== "customer" && company ? { id: company.id, name: company.name } : null,
        now: clock(),
      });
      if (access === "customer") await queueAgentNotification(tx, order.id);
      return written;
    });
    return c.json({ data: { ok: true, note: noteOf(note) } satisfies OrderNoteAdded });
  });

  return app;
}
