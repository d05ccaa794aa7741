// The browser tests need Debian's Chromium (Playwright cannot download its own here), and the
// print files need Ghostscript (EPS, AI and PostScript are drawn as PNGs with it). Installs them
// with apt-get when missing and allowed (root).
import { commandExists, isRoot, run } from "./lib.mjs";

const PACKAGES = {
  chromium: { command: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", apt: "chromium" },
  ghostscript: { command: "gs", apt: "ghostscript" },
};

/**
 * Installs the missing ones of `names` (default: all). When they cannot be installed (not root,
 * no apt-get), `required` stops the script; otherwise it warns and goes on: `npm start` runs
 * without Ghostscript, only converting vector print files then fails (with a clear message).
 */
export function ensureSystemDependencies({ names = Object.keys(PACKAGES), required = true } = {}) {
  const missing = names
    .map((name) => PACKAGES[name])
    .filter(({ command }) => !commandExists(command));
  if (missing.length === 0) return;
  const packages = missing.map(({ apt }) => apt);
  if (!isRoot() || !commandExists("apt-get")) {
    const advice = `Install them (Debian: sudo apt-get install -y ${packages.join(" ")}) and run again.`;
    if (required) {
      console.error(`Missing system packages: ${packages.join(", ")}. ${advice}`);
      process.exit(1);
    }
    console.warn(`⚠ Missing system packages: ${packages.join(", ")}. ${advice}`);
    return;
  }
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureSystemDependencies();
