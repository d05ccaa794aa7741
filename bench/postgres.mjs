// A fresh PostgreSQL database for one benchmark run, made on the server of a given URL and dropped
// afterwards, and a client for the checks the benchmark makes in it (node-postgres, the
// platform's own driver).
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { root } from "./processes.mjs";

const require = createRequire(join(root, "apps/platform/package.json"));
const pg = require("pg");

/**
 * Creates `kassa_bench_<random>` on the server `serverUrl` points at (any database there it may
 * connect to, e.g. postgres://root@127.0.0.1:5432/test). Answers its URL, a small pool for
 * queries, and `drop()`, which ends the pool and drops the database (the platforms using it must
 * be stopped first).
 */
export async function createDatabase(serverUrl) {
  const name = `kassa_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    name,
    url: url.href,
    query: (text, values) => pool.query(text, values).then((result) => result.rows),
    drop: async () => {
      await pool.end();
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
