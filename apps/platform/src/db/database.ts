import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

export type Schema = typeof schema;

/** The database as the modules see it: the same query builder for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
