import type pg from "pg";

/**
 * Runs `work` while this process holds a PostgreSQL session-level advisory lock named `name`; a
 * second process asking for the same lock waits until the first is done. The lock lives on one
 * connection of its own, held for the whole of `work`, so `work` may use the pool's others (and
 * transactions of its own) freely; if the process dies, the server drops the lock with its
 * connection.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtextextended($1, 0))", [name]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtextextended($1, 0))", [name]);
    }
  } finally {
    client.release();
  }
}
