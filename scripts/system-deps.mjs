// The browser tests need Debian's Chromium (Playwright cannot download its own here) and the
// media tests need Ghostscript. Installs them with apt-get when missing and allowed (root).
import { commandExists, isRoot, run } from "./lib.mjs";

const wanted = [
  { command: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", apt: "chromium" },
  { command: "gs", apt: "ghostscript" },
];

export function ensureSystemDependencies() {
  const missing = wanted.filter(({ command }) => !commandExists(command));
  if (missing.length === 0) return;
  const names = missing.map(({ apt }) => apt);
  if (!isRoot() || !commandExists("apt-get")) {
    console.error(
      `Missing system packages: ${names.join(", ")}. Install them (Debian: sudo apt-get install -y ${names.join(" ")}) and run again.`,
    );
    process.exit(1);
  }
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...names], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDependencies();
