import { PGlite } from "@electric-sql/pglite";
import { SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database.js";

/** How pg-boss reaches a database: its `db` option (`PgBoss.Db`). */
export interface BossDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on the platform's own database connection(s), so that the queue needs no pool of its
 * own and runs on PGlite too:
 *
 * - The platform's database (the object `openDatabase` made): PostgreSQL statements go to its
 *   pool as they are, as pg-boss's own pool would send them. PGlite has one connection and no
 *   multi-statement prepared queries, so a text without parameters (pg-boss's migrations and its
 *   maintenance, `BEGIN; …; COMMIT;`) runs through `exec` inside a PGlite transaction: the whole
 *   text commits or rolls back as one, as PostgreSQL runs a multi-statement query, and a failure
 *   cannot leave the only connection inside an aborted transaction.
 * - A transaction (`db.transaction(async (tx) => …)`): the statement runs in it, so a job is
 *   enqueued together with the rows that need it, or not at all. Only single statements work
 *   here, which is all that enqueueing sends.
 */
export function bossDatabase(db: Database): BossDatabase {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteDatabase(client);
  if (isQueryable(client)) {
    return { executeSql: (text, values) => client.query(text, values) };
  }
  return {
    async executeSql(text, values) {
      const result = (await db.execute(withParameters(text, values ?? []))) as { rows?: unknown[] };
      return { rows: result.rows ?? [] };
    },
  };
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

function isQueryable(client: unknown): client is Queryable {
  return typeof (client as Queryable | undefined)?.query === "function";
}

function pgliteDatabase(client: PGlite): BossDatabase {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.transaction((tx) => tx.exec(withoutTransactionBlock(text)));
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** pg-boss wraps its locked commands in `BEGIN; … COMMIT;`; the PGlite transaction does that. */
function withoutTransactionBlock(text: string): string {
  return text.replace(/^\s*BEGIN\s*;/i, "").replace(/COMMIT\s*;\s*$/i, "");
}

/** A statement with `$1`, `$2`… placeholders as a Drizzle query with the values as parameters. */
function withParameters(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) {
      throw new Error(`The statement refers to $${index + 1}, but ${values.length} values came`);
    }
    // A Param, not sql`${value}`: the template would spread an array into a list.
    chunks.push(sql.raw(text.slice(last, match.index)), new SQL([sql.param(values[index])]));
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
