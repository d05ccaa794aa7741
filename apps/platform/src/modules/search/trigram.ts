import { sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";

const known = new WeakMap<Database, Promise<boolean>>();

/**
 * Whether the database has pg_trgm, the extension behind typo tolerance and "did you mean".
 * Asked once per database handle: the migration creates the extension where it can, and a
 * database without it keeps searching on full text alone.
 */
export function hasTrigram(db: Database): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = db
      .execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as present`)
      .then((result) =>
        Boolean((result as unknown as { rows: { present: boolean }[] }).rows[0]?.present),
      )
      .catch(() => false);
    known.set(db, answer);
  }
  return answer;
}
