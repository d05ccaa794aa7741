// A Kassa platform for the README examples that talk to one (@kassa/api-client's): the built
// apps/platform of a workspace, on a free loopback port, with a fresh embedded database in a temp
// folder (it migrates and seeds itself on start, about 8 s). The examples get its URL as
// KASSA_API_URL, as the api-client README says to run them.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fail, stopChild } from "./util.mjs";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the platform built in `workspace`; resolves to `{ url, stop }`. */
export async function startPlatform(workspace) {
  const dataDir = mkdtempSync(join(tmpdir(), "kassa-platform-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(workspace, "apps", "platform", "dist", "main.js")], {
    cwd: join(workspace, "apps", "platform"),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      STOREFRONT_URL: "http://127.0.0.1:9",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await stopChild(child, exited, 20_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      fail(`the platform for the README examples exited (${child.exitCode})`, output);
    }
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    // About 8 s alone; on two cores shared with the browser tests and other suites (nice 10),
    // the first migration and seed of a fresh PGlite took over 120 s once.
    if (Date.now() - started > 300_000) {
      await stop();
      fail("the platform for the README examples did not answer within 300 s", output);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, stop };
}
