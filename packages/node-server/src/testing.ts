import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for a server started by another program
 * (PostgreSQL, Redis) that cannot be told to pick one and say which.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/**
 * A Redis server of the test's own, on a free port and without persistence, for a test that
 * kills it and starts it again: the one on 127.0.0.1:6379 is shared with the other suites.
 */
export interface PrivateRedis {
  url: string;
  /** SIGKILL: Redis is gone at once, as when its host fails. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty), once it accepts connections. */
  start(): Promise<void>;
}

/** `redis-server`: `KASSA_REDIS_SERVER`, else the first on PATH. Null when there is none. */
export function redisServerBinary(): string | null {
  const configured = process.env.KASSA_REDIS_SERVER;
  if (configured) return existsSync(configured) ? configured : null;
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const candidate = join(dir, "redis-server");
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export async function startPrivateRedis(binary: string): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const next = spawn(
        binary,
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = next;
      let output = "";
      next.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        if (output.includes("Ready to accept connections")) resolve();
      });
      next.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
      next.once("error", reject);
      next.once("exit", (code) =>
        reject(new Error(`redis-server exited with ${code}:\n${output}`)),
      );
    });
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}
