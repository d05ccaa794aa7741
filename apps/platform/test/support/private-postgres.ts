import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@kassa/node-server/testing";

/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, on a free port), for a
 * test that stops and starts it: the server on 127.0.0.1:5432 is shared with every other suite
 * running beside it, and must never be restarted.
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: its own database, for admin statements. */
  serverUrl: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is ended at once, as in a restart or failover. */
  stop(): Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/**
 * The folder of PostgreSQL's programs (initdb, pg_ctl): `KASSA_POSTGRES_BIN`, else the newest
 * Debian install (`/usr/lib/postgresql/<version>/bin`). Null when there is none: the tests that
 * need one say so and are skipped.
 */
export function postgresBinaries(): string | null {
  const configured = process.env.KASSA_POSTGRES_BIN;
  if (configured) return existsSync(join(configured, "pg_ctl")) ? configured : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, "bin");
    if (existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/**
 * initdb and the server refuse to run as root: as root (the CI machines), they run as the
 * `postgres` user through `runuser`.
 */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
}

function run(command: string, args: string[]): Promise<void> {
  const [program, programArgs] = asServerUser(command, args);
  return new Promise((resolve, reject) => {
    const child = spawn(program, programArgs, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

/** Makes and starts a private server; `bin` is {@link postgresBinaries}'s folder. */
export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = await mkdtemp(join(tmpdir(), "kassa-private-postgres-"));
  // The server's user writes the data folder, its socket and its log here.
  await chmod(dir, 0o777);
  const dataDir = join(dir, "data");
  const port = await freePort();
  await run(join(bin, "initdb"), [
    "-D",
    dataDir,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const pgCtl = join(bin, "pg_ctl");
  // Durability is not what is tested: without fsync a start and a stop take less of the disk.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = async () => {
    await run(pgCtl, ["start", "-D", dataDir, "-o", serverOptions, "-l", join(dir, "log"), "-w"]);
    running = true;
  };
  const stop = async () => {
    running = false;
    await run(pgCtl, ["stop", "-D", dataDir, "-m", "fast", "-w"]);
  };
  await start();
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async remove() {
      if (running) await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
