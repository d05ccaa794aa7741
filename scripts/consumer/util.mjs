// What the package checks share: a failure that ends the script with one `✖` line, and a child
// process run without blocking (so scratch apps can install and check side by side, and a
// registry in a child process keeps answering), its output kept and shown only when it fails.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pnpmVersion, root } from "../lib.mjs";

export const LIBRARIES = ["domain", "api-client", "i18n", "ui"];

/** A check that did not pass: `message` is its one line; `details` (output) goes before it. */
export class CheckFailure extends Error {
  constructor(message, details = "") {
    super(message);
    this.details = details;
  }
}

export function fail(message, details) {
  throw new CheckFailure(message, details);
}

/** `package.json` of a workspace folder (relative to the root) or any absolute folder. */
export function manifest(dir) {
  return JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
}

/**
 * Runs a command to completion without blocking; resolves to its stdout, or fails with
 * `what` as the one-line message and the command's output as details.
 */
export function exec(command, args, { cwd = root, env, what, timeoutMs = 600_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: env ? { ...process.env, ...env } : process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new CheckFailure(`${what ?? command}: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const how = signal ? `killed by ${signal}` : `exit ${code}`;
        const headline = what ?? `${command} ${args.join(" ")}`;
        reject(new CheckFailure(`${headline} (${how}, in ${cwd})`, output));
      }
    });
  });
}

export const pnpmCommand = ["npx", ["--yes", `pnpm@${pnpmVersion}`]];

export function execPnpm(args, options) {
  return exec(pnpmCommand[0], [...pnpmCommand[1], ...args], options);
}

/**
 * Runs `main`, then `cleanup` either way. When `main` throws, prints the failure's details and
 * its one `✖` line and exits with 1 (scripts/test.mjs imports the scripts, so success returns).
 */
export async function runScript(main, cleanup = async () => {}) {
  let code = 0;
  try {
    await main();
  } catch (error) {
    code = 1;
    if (error instanceof CheckFailure) {
      if (error.details) console.error(error.details.trimEnd());
      console.error(`✖ ${error.message}`);
    } else {
      console.error(error);
      console.error(`✖ ${error?.message ?? error}`);
    }
  }
  try {
    await cleanup(code !== 0);
  } catch (error) {
    console.error(`✖ cleaning up failed: ${error?.message ?? error}`);
    code = 1;
  }
  if (code !== 0) process.exit(code);
}

export function seconds(since) {
  return `${Math.round((Date.now() - since) / 1000)} s`;
}

/**
 * Builds the libraries in `cwd` (turbo, cached), and the platform too when `platform` is set:
 * the api-client README example talks to one.
 */
export function buildLibraries({ cwd = root, platform = true } = {}) {
  const filters = ["--filter=./packages/*", ...(platform ? ["--filter=@kassa/platform"] : [])];
  return execPnpm(["exec", "turbo", "run", "build", ...filters, "--output-logs=errors-only"], {
    cwd,
    what: `building the libraries in ${cwd} failed`,
  });
}

/** Ends a child process: SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopChild(child, exited, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timeout);
}

/**
 * Stops what a run started and removes its folders: `resources` is `{ dirs, platform, registry }`
 * as the run filled it. With `keep` (asked for, or after a failure) the folders and the
 * registry's storage stay, and their paths are printed.
 */
export async function cleanUp(resources, { keep }) {
  await Promise.all([resources.registry?.stop({ keep }), resources.platform?.stop()]);
  for (const dir of resources.dirs) {
    if (keep) console.log(`  kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}
