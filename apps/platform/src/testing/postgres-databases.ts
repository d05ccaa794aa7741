import pg from "pg";

/**
 * Databases the tests make and drop on a PostgreSQL server (DATABASE_URL), through one short
 * connection per statement to the server's own database.
 */

/** `serverUrl` with its database swapped for `name`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** SQLSTATE 55006: the template has another connection (the server refuses to copy it then). */
const OBJECT_IN_USE = "55006";

/**
 * Creates database `name`, empty or as a copy of `template`. PostgreSQL copies a template only while
 * nobody else is connected to it, and a concurrent `CREATE DATABASE … TEMPLATE` of the same
 * template may briefly count as such a connection: that refusal is retried for a few seconds.
 */
export async function createDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<void> {
  const statement = template
    ? `CREATE DATABASE ${name} TEMPLATE ${template}`
    : `CREATE DATABASE ${name}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, statement);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 100)));
    }
  }
}

/** Waits (up to `timeoutMs`) until no connection to database `name` is left. */
export async function waitForNoConnections(
  serverUrl: string,
  name: string,
  timeoutMs = 2_000,
): Promise<void> {
  for (let attempt = 0; attempt < timeoutMs / 20; attempt++) {
    const { rows } = await adminQuery(
      serverUrl,
      "SELECT count(*)::int AS connections FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if ((rows[0] as { connections: number } | undefined)?.connections === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Drops a test database once its connections are gone. `pool.end()` resolves before the server
 * has closed the pool's backends; dropping `WITH (FORCE)` at once would kill a backend while its
 * client is still saying goodbye, and that client then reports an unhandled 57P01 error.
 */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await waitForNoConnections(serverUrl, name);
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
