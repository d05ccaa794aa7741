import type { PGlite, Transaction } from "@electric-sql/pglite";
import { context, SpanKind, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from "@opentelemetry/semantic-conventions";

/**
 * The embedded PGlite database has no OpenTelemetry instrumentation of its own: this wraps the
 * client Drizzle (and the job queue) query through, with one CLIENT span per `query` or `exec` and
 * one per transaction, as the pg instrumentation makes them for a PostgreSQL server. Like it, only
 * work inside a traced request is traced (the job queue's polling is not), and a span carries the
 * statement as Drizzle wrote it, with `$1` placeholders: the values (emails, password hashes)
 * stay out, and so does an error's message (PostgreSQL puts values in some); its SQLSTATE is kept.
 */
export function tracePgliteQueries<Client extends PGlite>(client: Client, tracer: Tracer): Client {
  const traced = (operation: string, text: string | undefined) => {
    return async <T>(work: () => Promise<T>): Promise<T> => {
      // No request around it: nothing to add it to.
      if (!trace.getSpan(context.active())) return work();
      const span = tracer.startSpan(operation === "TRANSACTION" ? "transaction" : operation, {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
          [ATTR_DB_OPERATION_NAME]: operation,
          ...(text === undefined ? {} : { [ATTR_DB_QUERY_TEXT]: text }),
          "db.client": "pglite",
        },
      });
      try {
        return await context.with(trace.setSpan(context.active(), span), work);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code === "string") span.setAttribute(ATTR_DB_RESPONSE_STATUS_CODE, code);
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: typeof code === "string" ? code : undefined,
        });
        throw error;
      } finally {
        span.end();
      }
    };
  };

  const wrap = <Target extends PGlite | Transaction>(target: Target): Target =>
    new Proxy(target, {
      get(object, property) {
        if (property === "query") {
          return (text: string, ...rest: unknown[]) =>
            traced(
              operationOf(text),
              text,
            )(() => (object.query as (...args: unknown[]) => Promise<unknown>)(text, ...rest));
        }
        if (property === "exec") {
          return (text: string, ...rest: unknown[]) =>
            traced(
              operationOf(text),
              text,
            )(() => (object.exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest));
        }
        if (property === "transaction" && "transaction" in object) {
          return <T>(callback: (tx: Transaction) => Promise<T>) =>
            traced(
              "TRANSACTION",
              undefined,
            )(() => (object as PGlite).transaction((tx) => callback(wrap(tx))));
        }
        const value = Reflect.get(object, property, object);
        // PGlite keeps its state in private fields, which only the object itself may reach.
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  return wrap(client);
}

/** `SELECT`, `INSERT`, … : the statement's first word, the span's name (never the whole text). */
function operationOf(text: string): string {
  const word = /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(text)?.[1];
  return word ? word.toUpperCase() : "QUERY";
}
