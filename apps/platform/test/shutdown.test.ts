import { mkdtemp, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PlatformProcess, startPlatformProcess } from "./support/platform-process.js";
import { createEmptyPostgresDatabase } from "./support/test-database.js";

/**
 * SIGTERM on the real platform process (`src/main.ts`, ADR 0039): it stops taking connections at
 * once, lets the request in flight finish, and exits 0; a request still going at the deadline has
 * its connection cut, and the process exits 0 all the same.
 */

let platform: PlatformProcess | undefined;
let dataDir: string | undefined;
let database: { databaseUrl: string; drop(): Promise<void> } | undefined;

afterEach(async () => {
  await platform?.stop();
  platform = undefined;
  await database?.drop();
  database = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * A platform process on a database of its own: a new one on the PostgreSQL server when
 * DATABASE_URL is set, else the embedded PGlite in a new folder (whose first start, initdb in
 * WebAssembly, can take a minute or more on a busy machine).
 */
async function startPlatform(shutdownTimeoutMs: number): Promise<PlatformProcess> {
  dataDir = await mkdtemp(join(tmpdir(), "kassa-shutdown-"));
  if (process.env.DATABASE_URL) {
    database = await createEmptyPostgresDatabase(process.env.DATABASE_URL);
  }
  platform = await startPlatformProcess(
    {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.databaseUrl } : {}),
      KASSA_DEMO_ACCOUNTS: "false",
      KASSA_SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    },
    { timeoutMs: START_TIMEOUT_MS },
  );
  return platform;
}

/**
 * Bounds against a hang, not measures: PGlite's first start took almost four minutes beside the
 * other engineers' test runs on two cores (load 27), where it takes seconds on an idle machine.
 */
const START_TIMEOUT_MS = 600_000;
const TEST_TIMEOUT_MS = START_TIMEOUT_MS + 120_000;

/** A keep-alive connection read as it comes, to send a request in pieces. */
interface Connection {
  socket: Socket;
  /** Resolves once what came holds `text`; rejects if the connection closes first. */
  receive(text: string): Promise<string>;
  received(): string;
  closed: Promise<void>;
}

function open(url: string): Promise<Connection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = "";
    const waiting = new Set<() => void>();
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      data += chunk;
      for (const look of [...waiting]) look();
    });
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    closed.then(() => {
      for (const look of [...waiting]) look();
    });
    socket.once("error", reject);
    socket.once("connect", () =>
      resolve({
        socket,
        received: () => data,
        closed,
        receive: (text) =>
          new Promise((found, lost) => {
            const look = () => {
              if (data.includes(text)) {
                waiting.delete(look);
                found(data);
              } else if (socket.destroyed) {
                waiting.delete(look);
                lost(new Error(`closed before "${text}" came; got:\n${data}`));
              }
            };
            waiting.add(look);
            look();
          }),
      }),
    );
  });
}

/** Whether a new connection is refused (the listening socket is closed). */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** Resolves once the process's output holds `text`. */
async function outputHolds(process: PlatformProcess, text: string): Promise<void> {
  let exited = false;
  void process.exited.then(() => {
    exited = true;
  });
  while (!process.output().includes(text)) {
    if (exited)
      throw new Error(`The process exited before it wrote "${text}":\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const BODY = JSON.stringify({ storeGroupSlug: "default", market: "SE", language: "sv" });

/**
 * Sends a request for the categories whose body comes later: the head only, with
 * `Expect: 100-continue`, and waits for the `100 Continue` that says the server has taken the
 * request in. Then the request is in flight, and stays so until the body is sent.
 */
async function startSlowRequest(connection: Connection): Promise<void> {
  connection.socket.write(
    [
      "POST /enad/get-categories/ HTTP/1.1",
      "Host: platform.test",
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(BODY)}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await connection.receive("HTTP/1.1 100 Continue");
}

describe("SIGTERM", () => {
  it(
    "refuses new connections, finishes the request in flight, and exits 0",
    async () => {
      const process = await startPlatform(60_000);
      const connection = await open(process.url);
      await startSlowRequest(connection);

      globalThis.process.kill(process.pid, "SIGTERM");
      await outputHolds(process, "shutting down");
      expect(await refused(process.url)).toBe(true);
      // Still waiting for its body, and still there to get it.
      expect(process.output()).not.toContain("stopped");

      connection.socket.write(BODY);
      // The answer comes whole, and then the server closes the connection it no longer needs.
      await connection.closed;
      const answer = connection.received();
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
      expect(answer).toContain('"data":[');
      expect(await process.exited).toBe(0);
      expect(process.output()).not.toMatch(/cut \d+ connections/);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "cuts a request still going at the deadline, then exits 0",
    async () => {
      const process = await startPlatform(1_000);
      const connection = await open(process.url);
      await startSlowRequest(connection);

      globalThis.process.kill(process.pid, "SIGTERM");
      // The body never comes: the deadline ends it.
      await connection.closed;
      expect(connection.received()).not.toContain("200 OK");
      expect(await process.exited).toBe(0);
      expect(process.output()).toMatch(/cut 1 connections/);
    },
    TEST_TIMEOUT_MS,
  );
});
