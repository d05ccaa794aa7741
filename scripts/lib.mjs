// Helpers shared by the start and test scripts. They run on a machine with only Node and npm:
// pnpm comes from the npm registry through npx (corepack cannot be relied on).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
export const pnpmVersion = manifest.packageManager.replace(/^pnpm@/, "");

/** Runs a command to completion, inheriting the terminal; exits the script when it fails. */
export function run(command, args, options = {}) {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`✖ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

export function pnpm(args, options) {
  run("npx", ["--yes", `pnpm@${pnpmVersion}`, ...args], options);
}

/** Installs the workspace exactly as the lockfile says. */
export function installDependencies() {
  pnpm(["install", "--frozen-lockfile"]);
}

/** Starts a long-running process whose output lines are prefixed with its name (`prefixLines`). */
export function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], ...options });
  prefixLines(child.stdout, process.stdout, name);
  prefixLines(child.stderr, process.stderr, name);
  return child;
}

/**
 * Writes `stream`'s lines to `out` prefixed with `[name]`, once: a line that already begins with
 * `[name]` (the platform and the storefront tag their own) is passed on as it is. Output is split
 * into lines across chunks, so a line never gets a prefix midway.
 */
export function prefixLines(stream, out, name) {
  const tag = `[${name}]`;
  let pending = "";
  const write = (line) => {
    if (line) out.write(line.startsWith(tag) ? `${line}\n` : `${tag} ${line}\n`);
  };
  stream.on("data", (chunk) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) write(line);
  });
  stream.on("end", () => write(pending));
}

/** Polls `url` until it answers 2xx, or fails after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function isRoot() {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

export function commandExists(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export { existsSync };
