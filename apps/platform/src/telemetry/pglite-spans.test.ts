import type { PGlite } from "@electric-sql/pglite";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { withInMemoryTracing } from "./in-memory-tracing.testing.js";
import { tracePgliteQueries } from "./pglite-spans.js";

/**
 * A stand-in for PGlite's client: what the wrapper calls, and a private field as PGlite keeps its
 * state in, which a method reached through the wrapper must still read.
 */
class FakeClient {
  readonly #statements: string[] = [];
  async query(text: string, params?: unknown[]) {
    this.#statements.push(text);
    if (text.startsWith("INSERT INTO taken")) {
      throw Object.assign(new Error(`duplicate key: (email)=(${params?.[0]})`), { code: "23505" });
    }
    return { rows: [] };
  }
  async exec(text: string) {
    this.#statements.push(text);
    return [{ rows: [] }];
  }
  async transaction<T>(callback: (tx: { query: FakeClient["query"] }) => Promise<T>) {
    this.#statements.push("BEGIN");
    const result = await callback({ query: (text, params) => this.query(text, params) });
    this.#statements.push("COMMIT");
    return result;
  }
  statements() {
    return this.#statements;
  }
}

const tracing = withInMemoryTracing();

function traced() {
  const client = new FakeClient();
  return { client, traced: tracePgliteQueries(client as unknown as PGlite, tracing.tracer()) };
}

describe("PGlite query spans", () => {
  it("adds nothing to work done outside a traced request (the job queue's polling)", async () => {
    const { client, traced: db } = traced();
    await db.query("SELECT 1");
    expect(client.statements()).toEqual(["SELECT 1"]);
    expect(tracing.spans()).toEqual([]);
  });

  it("makes a client span per statement inside a request, with its text and not its values", async () => {
    const { traced: db } = traced();
    await tracing.tracer().startActiveSpan("request", async (request) => {
      await db.query("  SELECT id FROM products WHERE slug = $1", ["mugg"]);
      await db.exec("-- maintenance\nDELETE FROM sessions");
      request.end();
    });
    const [select, remove, request] = tracing.spans();
    expect(select?.name).toBe("SELECT");
    expect(select?.kind).toBe(SpanKind.CLIENT);
    expect(select?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(select?.attributes).toMatchObject({
      "db.system.name": "postgresql",
      "db.operation.name": "SELECT",
      "db.query.text": "  SELECT id FROM products WHERE slug = $1",
    });
    expect(JSON.stringify(select?.attributes)).not.toContain("mugg");
    expect(remove?.name).toBe("DELETE");
  });

  it("puts a transaction's statements under one transaction span", async () => {
    const { client, traced: db } = traced();
    await tracing.tracer().startActiveSpan("request", async (request) => {
      await db.transaction(async (tx) => {
        await tx.query("UPDATE stock SET level = level - 1");
      });
      request.end();
    });
    const [update, transaction] = tracing.spans();
    expect(transaction?.name).toBe("transaction");
    expect(update?.parentSpanContext?.spanId).toBe(transaction?.spanContext().spanId);
    expect(client.statements()).toEqual(["BEGIN", "UPDATE stock SET level = level - 1", "COMMIT"]);
  });

  it("marks a failed statement with its SQLSTATE, never the error's message", async () => {
    const { traced: db } = traced();
    await tracing.tracer().startActiveSpan("request", async (request) => {
      await expect(db.query("INSERT INTO taken VALUES ($1)", ["a@b.se"])).rejects.toThrow();
      request.end();
    });
    const [insert] = tracing.spans();
    expect(insert?.status).toEqual({ code: SpanStatusCode.ERROR, message: "23505" });
    expect(insert?.attributes["db.response.status_code"]).toBe("23505");
    expect(insert?.events).toEqual([]);
  });

  it("is still the client it wraps, for the code that asks (the job queue's `instanceof PGlite`)", () => {
    const { client, traced: db } = traced();
    expect(db).toBeInstanceOf(FakeClient);
    expect((db as unknown as FakeClient).statements()).toBe(client.statements());
  });
});
