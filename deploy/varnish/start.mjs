#!/usr/bin/env node
// Varnish in front of a storefront, for a machine without a Varnish service of its own: local
// runs, the benchmarks and the tests (`npm run varnish -- --backend 127.0.0.1:3000`). varnishd
// runs in the foreground with kassa.vcl, its own work folder (so several can run side by side and
// `varnishlog -n <folder>` shows one of them), memory storage, and stops with this process.
// On a server, Debian's varnish service runs the same kassa.vcl instead (docs/deployment.md).
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

/** The VCL and the backend file it includes. */
export const VCL_FILE = join(here, "kassa.vcl");
const BACKEND_FILE = join(here, "kassa-backend.vcl");

/**
 * varnishd, or undefined when it is not installed. Debian puts it in /usr/sbin, which is not on
 * an ordinary user's PATH.
 */
export function findVarnishd() {
  const candidates = ["/usr/sbin/varnishd", "/usr/local/sbin/varnishd"];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  for (const folder of (process.env.PATH ?? "").split(":")) {
    if (folder && existsSync(join(folder, "varnishd"))) return join(folder, "varnishd");
  }
  return undefined;
}

/** `host:port` or `[v6]:port` → { host, port }. */
function splitAddress(address, what) {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  if (!match) throw new Error(`${what} must be host:port, not "${address}"`);
  return { host: match[1], port: match[2] };
}

/**
 * Starts varnishd listening on `listen` (`127.0.0.1:6081`; port 0 picks a free one) in front of
 * the storefront at `backend` (`127.0.0.1:3000`). `memory` is the cache's size (varnishd's
 * `malloc` storage, e.g. `256m`). The work folder is a new temporary one unless `workDir` names
 * one (it is then kept). Answers once Varnish serves, with its URL and `stop()`.
 *
 * @param {{ listen?: string, backend: string, workDir?: string, memory?: string, quiet?: boolean }} options
 * @returns {Promise<{ url: string, workDir: string, exited: Promise<unknown>, stop(): Promise<void> }>}
 */
export async function startVarnish({
  listen = "127.0.0.1:6081",
  backend,
  workDir,
  memory = "256m",
  quiet = false,
}) {
  const varnishd = findVarnishd();
  if (!varnishd) {
    throw new Error("varnishd is not installed (Debian: apt-get install varnish varnish-modules)");
  }
  const storefront = splitAddress(backend, "backend");
  splitAddress(listen, "listen");
  const ownFolder = !workDir;
  const folder = workDir ?? (await mkdtemp(join(tmpdir(), "kassa-varnish-")));
  const removeFolder = () =>
    ownFolder ? rm(folder, { recursive: true, force: true }) : Promise.resolve();

  // The shipped backend file with this storefront's address: the probe and timeouts stay as the
  // file says. It is found before the shipped one because the work folder comes first on vcl_path.
  const template = await readFile(BACKEND_FILE, "utf8");
  await writeFile(
    join(folder, "kassa-backend.vcl"),
    template
      .replace(/\.host = "[^"]*";/, `.host = "${storefront.host}";`)
      .replace(/\.port = "[^"]*";/, `.port = "${storefront.port}";`),
  );

  const args = [
    "-F",
    // No jail: varnishd stays the user who started it. Its jail would switch to the `varnish`
    // user, who cannot read a root-owned temporary folder (tests and CI run as root).
    "-j",
    "none",
    "-n",
    folder,
    "-a",
    listen,
    "-f",
    VCL_FILE,
    "-p",
    `vcl_path=${folder}:${here}`,
    "-s",
    `malloc,${memory}`,
    // The management port on loopback only (varnishadm -n <folder> finds it and its secret).
    "-T",
    "127.0.0.1:0",
  ];
  const child = spawn(varnishd, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output += chunk;
    if (!quiet) process.stderr.write(prefixLines(chunk.toString()));
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  // Should this process end without stop() (a failed test run), varnishd must not outlive it.
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  void exited.then(() => {
    running = false;
    process.off("exit", killOnExit);
  });

  const stop = async () => {
    if (running) {
      child.kill("SIGTERM");
      await exited;
    }
    await removeFolder();
  };

  try {
    const port = await waitUntilServing(
      folder,
      () => running,
      () => output,
    );
    const { host } = splitAddress(listen, "listen");
    const shownHost = host.includes(":") ? `[${host}]` : host;
    return { url: `http://${shownHost}:${port}`, workDir: folder, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function prefixLines(text) {
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => `[varnish] ${line}\n`)
    .join("");
}

/**
 * Asks varnishd's management side until its child serves (the VCL compiled, the cache worker
 * started), then answers the port it really listens on (`debug.listen_address`, for port 0).
 */
async function waitUntilServing(folder, isRunning, output, timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!isRunning()) throw new Error(`varnishd stopped while starting:\n${output()}`);
    try {
      const { stdout } = await run("varnishadm", ["-n", folder, "status"]);
      if (/running/.test(stdout)) {
        const { stdout: addresses } = await run("varnishadm", [
          "-n",
          folder,
          "debug.listen_address",
        ]);
        // "a0 127.0.0.1 6081"
        const port = addresses.trim().split(/\s+/)[2];
        if (port) return Number(port);
      }
    } catch {
      // the management side is not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`varnishd did not start within ${timeoutMs} ms:\n${output()}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      listen: { type: "string", default: "127.0.0.1:6081" },
      backend: { type: "string", default: "127.0.0.1:3000" },
      memory: { type: "string", default: "256m" },
      "work-dir": { type: "string" },
    },
  });
  const varnish = await startVarnish({
    listen: values.listen,
    backend: values.backend,
    memory: values.memory,
    workDir: values["work-dir"],
  });
  console.log(
    `[varnish] ${varnish.url} in front of http://${values.backend} ` +
      `(log: varnishlog -n ${varnish.workDir}; stop with Ctrl-C)`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    void varnish.stop().then(() => process.exit(0));
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, shutdown);
  // `npm run varnish` puts a shell between npm and this script that does not pass npm's SIGTERM
  // on: under npm, once that shell is gone (this process re-parented), stop as if told to. Run
  // on its own (a service, `node start.mjs &`), the script lives until it is signalled.
  if (process.env.npm_lifecycle_event) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) shutdown();
    }, 1_000).unref();
  }
  // varnishd ending by itself is a failure the caller (a shell, a process manager) must see.
  void varnish.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`[varnish] varnishd stopped (${signal ?? `exit ${code}`})`);
    void varnish.stop().then(() => process.exit(1));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(`[varnish] ${error.message}`);
    process.exit(1);
  });
}
