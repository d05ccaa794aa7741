import {
  type CustomStateDefinitions,
  MANAGEMENT_SCOPES,
  type ManagementCustomStates,
  type ManagementNote,
  type ManagementOrder,
  type ManagementOrderPage,
  type OrderOperation,
} from "@kassa/api-client";
import { MAX_ORDER_NOTE_LENGTH } from "@kassa/domain";
import { and, arrayContains, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Clock } from "../../clock.js";
import type { PlatformConfig } from "../../config.js";
import type { Database } from "../../db/open-database.js";
import { customStateDefinitions, type OrderActorColumn, orders } from "../../db/schema.js";
import type { AppEnv } from "../../http/app-env.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { parseJsonBody } from "../../http/json-body.js";
import { requireOAuth } from "../oauth/require-oauth.js";
import { changeCustomState } from "../orders/custom-states.js";
import { addNote } from "../orders/order-notes.js";
import {
  noteOf,
  operationOf,
  readManagementOrder,
  readOrderSummaries,
} from "../orders/order-read.js";
import {
  compensationBody,
  createOperation,
  deliveryBody,
  findOperation,
  operationKindSchema,
  startOperation,
} from "./order-operations.js";

interface Deps {
  db: Database;
  config: PlatformConfig;
  clock: Clock;
}

const listQuery = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  merchantReference1: z.string().trim().max(64).optional(),
  merchantReference2: z.string().trim().max(64).optional(),
  reference: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/, { error: "must be an order number" })
    .optional(),
  orderState: z.string().trim().max(64).optional(),
  customState: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const noteBody = z.object({ text: z.string().trim().min(1).max(MAX_ORDER_NOTE_LENGTH) });

/** The back office, as the audit trail names it. */
function clientActor(clientId: string): OrderActorColumn {
  return { type: "client", id: clientId, name: clientId, role: "back_office" };
}

/**
 * The management API for orders (platform contract, ADR 0012) under `/order`: OAuth2 bearer tokens
 * of configured clients, `order-management/order:read` to read and `…:write` to change. Answers
 * are the resources themselves (no envelope), never cached.
 */
export function managementRoutes({ db, config, clock }: Deps) {
  const app = new Hono<AppEnv>({ strict: false });
  const auth = { secret: config.sessionSecret, clock, clients: config.oauthClients };
  const read = requireOAuth(MANAGEMENT_SCOPES.orderRead, auth);
  const write = requireOAuth(MANAGEMENT_SCOPES.orderWrite, auth);

  async function order(orderId: string): Promise<ManagementOrder> {
    const found = await readManagementOrder(db, orderId, config.publicUrl);
    if (!found) throw notFound("order not found");
    return found;
  }

  app.get("/custom-states", read, async (c) => {
    const rows = await db
      .select()
      .from(customStateDefinitions)
      .orderBy(asc(customStateDefinitions.id));
    return c.json({
      customStates: rows.map((row) => ({
        id: row.id,
        type: row.type,
        blocks: row.blocks as CustomStateDefinitions["customStates"][number]["blocks"],
        description: row.description,
      })),
    } satisfies CustomStateDefinitions);
  });

  app.get("/orders", read, async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      throw badRequest(
        "The query is not valid",
        parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
      );
    }
    const query = parsed.data;
    const conditions: SQL[] = [];
    if (query.email) conditions.push(eq(orders.email, query.email));
    if (query.reference) conditions.push(eq(orders.reference, Number(query.reference)));
    if (query.orderState) conditions.push(arrayContains(orders.orderStates, [query.orderState]));
    if (query.customState) conditions.push(arrayContains(orders.customStates, [query.customState]));
    for (const key of ["merchantReference1", "merchantReference2"] as const) {
      const value = query[key];
      if (value) conditions.push(eq(sqlAttribute(key), value));
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [total] = await db.select({ total: count() }).from(orders).where(where);
    const totalCount = total?.total ?? 0;
    const summaries = await readOrderSummaries(db, where, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    return c.json({
      orders: summaries,
      page: query.page,
      per_page: query.per_page,
      total: totalCount,
      total_pages: Math.ceil(totalCount / query.per_page),
    } satisfies ManagementOrderPage);
  });

  app.get("/orders/:id", read, async (c) =>
    c.json((await order(c.req.param("id"))) satisfies ManagementOrder),
  );

  for (const type of ["add", "remove"] as const) {
    app.on(
      type === "add" ? "PUT" : "DELETE",
      "/orders/:id/custom-states/:stateId",
      write,
      async (c) => {
        const states = await changeCustomState(db, {
          orderId: c.req.param("id"),
          stateId: c.req.param("stateId"),
          type,
          actor: clientActor(c.get("oauthClient")),
          now: clock(),
        });
        return c.json({
          customStates: states.map((id) => ({ id })),
        } satisfies ManagementCustomStates);
      },
    );
  }

  app.post("/orders/:id/notes", write, async (c) => {
    const { text } = await parseJsonBody(c, noteBody);
    const orderId = c.req.param("id");
    await order(orderId);
    const note = await addNote(db, {
      orderId,
      text,
      author: clientActor(c.get("oauthClient")),
      now: clock(),
    });
    return c.json(noteOf(note) satisfies ManagementNote, 201);
  });

  app.post("/orders/:id/:kind", write, async (c) => {
    const kind = operationKindSchema.safeParse(c.req.param("kind"));
    if (!kind.success) throw notFound("NOT_FOUND", "Unknown operation");
    const body =
      kind.data === "deliveries"
        ? await parseJsonBody(c, deliveryBody)
        : kind.data === "compensations"
          ? await parseJsonBody(c, compensationBody)
          : await parseJsonBody(c, z.object({}));
    const created = await createOperation(db, {
      orderId: c.req.param("id"),
      kind: kind.data,
      body,
      clientId: c.get("oauthClient"),
      now: clock(),
    });
    return c.json(created satisfies OrderOperation, 201);
  });

  app.get("/orders/:id/:kind/:operationId", read, async (c) => {
    const kind = operationKindSchema.safeParse(c.req.param("kind"));
    if (!kind.success) throw notFound("NOT_FOUND", "Unknown operation");
    const row = await findOperation(db, c.req.param("id"), kind.data, c.req.param("operationId"));
    return c.json(operationOf(row) satisfies OrderOperation);
  });

  app.post("/orders/:id/:kind/:operationId/start", write, async (c) => {
    const kind = operationKindSchema.safeParse(c.req.param("kind"));
    if (!kind.success) throw notFound("NOT_FOUND", "Unknown operation");
    const started = await startOperation(db, {
      orderId: c.req.param("id"),
      kind: kind.data,
      operationId: c.req.param("operationId"),
      actor: clientActor(c.get("oauthClient")),
      now: clock(),
    });
    return c.json(started satisfies OrderOperation);
  });

  return app;
}

/** `attributes->>'merchantReference1'` and the like. */
function sqlAttribute(key: "merchantReference1" | "merchantReference2") {
  return sql`${orders.attributes}->>${key}`;
}
