#!/usr/bin/env node
// The production build started as an operator starts it, on each Node version named, and asked
// for what a balancer and a shopper ask for: the platform's `/health`, the storefront's
// `/healthz`, the shop's front page and a product page (which the storefront renders from the
// platform's API). The apps' suites test their code; this proves that the built bundles, the
// native and WASM parts (PGlite, esbuild's output, the Remix server build) start and serve on that
// Node. `npm test` runs it on the Node versions the machine lacks (ADR 0046).
//
//   node scripts/smoke.mjs              # on the Node running this script
//   node scripts/smoke.mjs 24 22        # on the pinned Node 24, then 22 (scripts/node-versions.mjs)
//
// Needs the build (`turbo run build`). One embedded database serves every version in turn: the
// first start migrates and seeds it, the next ones open it as a restarted platform would.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, startProcess, waitFor } from "./lib.mjs";
import { nodeBinary } from "./node-versions.mjs";

/** A port free now on localhost (the kernel's pick), so the smoke runs beside anything. */
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

/** Stops `child` with SIGTERM, as a deploy would; SIGKILL if it has not ended within `ms`. */
function stop(child, ms = 30_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** GETs `url` and fails unless it answers 200 with a body containing `expected`. */
async function expectPage(url, expected) {
  const response = await fetch(url, { redirect: "follow" });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(expected)) {
    throw new Error(
      `${url} answered ${response.status} without ${JSON.stringify(expected)}: ${body.slice(0, 300)}`,
    );
  }
  return body;
}

/** Starts both apps' builds on `binary`, asks them for their pages, and stops them. */
async function smoke(binary, label, dataDir) {
  const [platformPort, storefrontPort] = [await freePort(), await freePort()];
  const platformUrl = `http://localhost:${platformPort}`;
  const storefrontUrl = `http://localhost:${storefrontPort}`;
  const children = [];
  let stopping = false;
  let endedEarly;
  /** Rejected when a server ends before it is stopped: whatever is awaited then fails at once. */
  const early = new Promise((_, reject) => {
    endedEarly = reject;
  });
  early.catch(() => {}); // seen through `whileRunning`
  const whileRunning = (promise) => Promise.race([promise, early]);
  const start = (name, args, options) => {
    const child = startProcess(`${name} on ${label}`, binary, args, options);
    child.once("exit", (code, signal) => {
      if (!stopping) endedEarly(new Error(`the ${name} ended early (${code ?? signal})`));
    });
    children.push(child);
    return child;
  };
  // The shop's own token: the platform takes it, the storefront sends it (ADR 0048).
  const storefrontToken = randomBytes(32).toString("hex");
  try {
    start("platform", ["apps/platform/dist/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(platformPort),
        DATA_DIR: dataDir,
        PUBLIC_URL: platformUrl,
        SESSION_SECRET: randomBytes(32).toString("hex"),
        KASSA_STOREFRONT_TOKENS: storefrontToken,
        STOREFRONT_URL: storefrontUrl,
      },
    });
    // The first start migrates and seeds; on a loaded machine that takes a while.
    await whileRunning(waitFor(`${platformUrl}/health`, 180_000));
    start("storefront", ["build/express/main.js"], {
      cwd: join(root, "apps/storefront"),
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(storefrontPort),
        ...Object.fromEntries(
          ["SHOPPER", "PRODUCT", "ACCOUNT", "ORDER", "MEDIA", "MARKETING"].map((api) => [
            `KASSA_${api}_API_URL`,
            platformUrl,
          ]),
        ),
        SESSION_SECRET: randomBytes(32).toString("hex"),
        KASSA_STOREFRONT_TOKEN: storefrontToken,
        KASSA_PUBLIC_ORIGIN: storefrontUrl,
      },
    });
    await whileRunning(waitFor(`${storefrontUrl}/healthz`, 120_000));
    const front = await whileRunning(expectPage(`${storefrontUrl}/sv-se`, "<html"));
    const product = front.match(/href="(\/sv-se\/produkt\/[^"]+)"/)?.[1];
    if (!product) throw new Error(`${storefrontUrl}/sv-se links to no product page`);
    await whileRunning(expectPage(`${storefrontUrl}${product}`, "<h1"));
    console.log(`✔ ${label}: platform /health, storefront /healthz, /sv-se and ${product}`);
  } finally {
    stopping = true;
    // The storefront first, as a deploy stops it before its backend.
    for (const child of children.reverse()) await stop(child);
  }
}

const majors = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), "kassa-smoke-"));
try {
  if (majors.length === 0) await smoke(process.execPath, `Node ${process.versions.node}`, dataDir);
  for (const major of majors) {
    const binary = nodeBinary(major);
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout.trim();
    await smoke(binary, `Node ${version.replace(/^v/, "")}`, dataDir);
  }
} catch (error) {
  console.error(`✖ smoke test: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
