import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { get } from "node:http";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openConnection, type RawConnection } from "./raw-connection.testing";

/**
 * SIGTERM on the production build (`pnpm build` first), started as the shop starts it (`node
 * build/express/main.js`), ADR 0042. The request in flight is a form post whose body arrives
 * slowly (the server reads a post's body before anything else, `body-limit.ts`): its second half
 * is sent only after the signal, and the answer (the consent page's redirect to where the body
 * says) shows the whole body was read and answered. No platform is needed for it.
 */
const storefrontDir = fileURLToPath(new URL("..", import.meta.url));
const mainFile = `${storefrontDir}build/express/main.js`;
const PORT = Number(process.env.SHUTDOWN_TEST_PORT ?? 3712);
const base = `http://127.0.0.1:${PORT}`;

let running: ChildProcess | undefined;

beforeAll(() => {
  if (!existsSync(mainFile)) throw new Error(`${mainFile} is missing: build the storefront first`);
});

afterEach(() => {
  if (running && running.exitCode === null && running.signalCode === null) {
    running.kill("SIGKILL");
  }
  running = undefined;
});

function startStorefront(env: Record<string, string>) {
  const child = spawn(process.execPath, [mainFile], {
    cwd: storefrontDir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SESSION_SECRET: "shutdown-test-secret-0123456789abcdef",
      KASSA_STOREFRONT_TOKEN: "shutdown-test-storefront-token-0123456789",
      KASSA_CACHE_TAGS: "false",
      // The slow post's second half waits for the signal to be heard: on a loaded machine that
      // may take longer than the default 10 s the body may take.
      KASSA_BODY_TIMEOUT_SECONDS: "120",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running = child;
  let output = "";
  const waiters: { pattern: RegExp; done: () => void }[] = [];
  const hear = (chunk: Buffer) => {
    output += chunk.toString();
    // SHOW_STOREFRONT_OUTPUT=1 shows what the process says, to follow a failing run.
    if (process.env.SHOW_STOREFRONT_OUTPUT) process.stderr.write(chunk);
    for (const waiter of waiters.splice(0)) {
      if (waiter.pattern.test(output)) waiter.done();
      else waiters.push(waiter);
    }
  };
  child.stdout?.on("data", hear);
  child.stderr?.on("data", hear);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return {
    child,
    exited,
    /** Resolves once the process has written a line matching `pattern` (count: how many). */
    said: (pattern: RegExp) =>
      new Promise<void>((done) => {
        if (pattern.test(output)) done();
        else waiters.push({ pattern, done });
      }),
  };
}

function getOnce(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { agent: false, timeout: 5_000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", reject);
  });
}

async function waitUntilServing(timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await getOnce("/healthz")).status === 200) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the storefront did not come up");
}

/**
 * Whether a new connection goes unserved: refused, or (when it raced the listening socket's
 * close) reset before any answer to the request it sends.
 */
function unserved(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(PORT, "127.0.0.1");
    socket.once("connect", () =>
      socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`),
    );
    socket.once("data", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
    socket.once("close", () => resolve(true));
  });
}

/** Both workers of two have logged that they listen (each is up, its SIGTERM handler set). */
const bothWorkersListening =
  /worker \d+ \(pid \d+\) listening[\s\S]*worker \d+ \(pid \d+\) listening/;

/** The consent form's post, its body split in two: the second half decides where it leads. */
const BODY = ["redirectTo=%2Fsv-se%2Fkopvil", "lkor&intent=reject-all"] as const;

/** Starts the slow post: headers, then (once the server asks for it) the first half of the body. */
async function startSlowPost(): Promise<RawConnection> {
  const connection = await openConnection(base);
  const length = Buffer.byteLength(BODY.join(""));
  connection.write(
    [
      "POST /consent HTTP/1.1",
      `Host: 127.0.0.1:${PORT}`,
      `Origin: ${base}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${length}`,
      // The server says "continue" once the request has reached its body reader: from then on it
      // is a request in flight, not an idle connection.
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await connection.waitFor(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
  connection.write(BODY[0]);
  return connection;
}

describe("SIGTERM", () => {
  it("lets the request in flight finish, closes idle connections, takes no new one and exits 0", async () => {
    const storefront = startStorefront({ KASSA_SHUTDOWN_TIMEOUT_MS: "60000" });
    await waitUntilServing();
    // A keep-alive connection that has been answered and waits for its next request.
    const idle = await openConnection(base);
    idle.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
    // The body after the headers, as it is or as one chunk.
    await idle.waitFor(/\r\n\r\n(?:[0-9a-f]+\r\n)?ok/);
    const slow = await startSlowPost();

    storefront.child.kill("SIGTERM");
    await storefront.said(/SIGTERM: finishing requests in flight/);
    await idle.whenClosed;
    expect(await unserved()).toBe(true);
    expect(slow.closed()).toBe(false);

    slow.write(BODY[1]);
    const answer = await slow.waitFor(/HTTP\/1\.1 3\d\d [\s\S]*\r\n\r\n/);
    expect(answer).toMatch(/HTTP\/1\.1 303 See Other\r\n/);
    expect(answer).toMatch(/\r\nLocation: \/sv-se\/kopvillkor\r\n/i);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    await slow.whenClosed;
    expect(await storefront.exited).toBe(0);
  }, 120_000);

  it("cuts what is still in flight at KASSA_SHUTDOWN_TIMEOUT_MS and still exits 0", async () => {
    const storefront = startStorefront({ KASSA_SHUTDOWN_TIMEOUT_MS: "500" });
    await waitUntilServing();
    // Its body's second half never comes.
    const stuck = await startSlowPost();
    storefront.child.kill("SIGTERM");
    await storefront.said(/still in flight after 500 ms were cut/);
    await stuck.whenClosed;
    expect(stuck.received()).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
    expect(await storefront.exited).toBe(0);
  }, 120_000);

  it("with WEB_CONCURRENCY=2: the primary passes it on and waits for the request in flight", async () => {
    const storefront = startStorefront({
      WEB_CONCURRENCY: "2",
      KASSA_SHUTDOWN_TIMEOUT_MS: "60000",
    });
    await waitUntilServing();
    await storefront.said(bothWorkersListening);
    const slow = await startSlowPost();
    storefront.child.kill("SIGTERM");
    // Both workers have begun their drain.
    await storefront.said(
      /SIGTERM: finishing requests in flight[\s\S]*SIGTERM: finishing requests in flight/,
    );
    slow.write(BODY[1]);
    const answer = await slow.waitFor(/HTTP\/1\.1 3\d\d [\s\S]*\r\n\r\n/);
    expect(answer).toMatch(/\r\nLocation: \/sv-se\/kopvillkor\r\n/i);
    await slow.whenClosed;
    expect(await storefront.exited).toBe(0);
  }, 120_000);
});

describe("/metrics with WEB_CONCURRENCY=2", () => {
  it("sums every worker's figures, the Remix build's data cache counter among them", async () => {
    const storefront = startStorefront({ WEB_CONCURRENCY: "2" });
    await waitUntilServing();
    // Both workers are up once each has logged that it listens.
    await storefront.said(bothWorkersListening);
    const metrics = await getOnce("/metrics");
    expect(metrics.status).toBe(200);
    // 16 render slots per worker (KASSA_REQUESTS_AT_ONCE's default), two workers.
    expect(metrics.body).toMatch(/^kassa_storefront_render_slots 32$/m);
    // Counted by the Remix build, read through the server's registry: one prom-client.
    expect(metrics.body).toMatch(/^kassa_storefront_data_cache_reads_total\{result="miss"\} \d+$/m);
    expect(metrics.body).toMatch(
      /^http_request_duration_seconds_count\{[^}]*route="routes\/healthz"/m,
    );
    storefront.child.kill("SIGTERM");
    expect(await storefront.exited).toBe(0);
  }, 120_000);
});
