// The browser tests need Debian's Chromium headless shell (Playwright cannot download its own
// here; the benchmarks drive the full browser, `chromium`), the print
// files need Ghostscript (EPS, AI and PostScript are drawn as PNGs with it) and prlimit (util-linux,
// which puts Ghostscript under its limits: without it nothing is converted), and the shared-cache
// tests run Varnish with the xkey module (deploy/varnish); `npm test` counts CPU time with GNU
// time; the cross-engine browser tests run WebKit (WebKitGTK) and Firefox ESR. Installs them with apt-get when missing
// and allowed (root).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { commandExists, isRoot, run } from "./lib.mjs";

/** A Varnish module (`libvmod_<name>.so`) in Debian's folder for the machine's architecture. */
function vmodInstalled(name) {
  const folders = ["/usr/lib/varnish/vmods"];
  try {
    for (const entry of readdirSync("/usr/lib")) {
      folders.push(join("/usr/lib", entry, "varnish/vmods"));
    }
  } catch {
    // no /usr/lib: nothing installed there
  }
  return folders.some((folder) => existsSync(join(folder, `libvmod_${name}.so`)));
}

const PACKAGES = {
  // The old headless mode as its own binary, which Playwright itself uses for headless runs: the
  // full browser's `--headless` draws as a windowed one does, at two to three times the CPU (the
  // browser tests took 18.0 min on it, ADR 0036).
  "chromium-headless-shell": {
    command: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    apt: "chromium-headless-shell",
  },
  // The full browser, for the benchmarks (`bench/browser.mjs`, Lighthouse).
  chromium: { command: process.env.CHROME_PATH ?? "/usr/bin/chromium", apt: "chromium" },
  ghostscript: { command: "gs", apt: "ghostscript" },
  // Part of every Debian (util-linux is essential), but a slimmed image may lack it. Where the
  // platform looks for it (apps/platform/src/modules/media/ghostscript.ts), not on PATH.
  prlimit: { command: "/usr/bin/prlimit", apt: "util-linux" },
  // Debian keeps varnishd in /usr/sbin, off an ordinary user's PATH.
  varnish: { command: "/usr/sbin/varnishd", apt: "varnish" },
  "varnish-modules": { installed: () => vmodInstalled("xkey"), apt: "varnish-modules" },
  // The cross-engine suite (ADR 0052): WebKit as WebKitGTK's MiniBrowser driven by its
  // WebDriver, in a virtual display, and Firefox ESR, which Playwright drives over WebDriver BiDi.
  "webkit2gtk-driver": { command: "WebKitWebDriver", apt: "webkit2gtk-driver" },
  xvfb: { command: "Xvfb", apt: "xvfb" },
  "firefox-esr": {
    command: process.env.KASSA_FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    apt: "firefox-esr",
  },
  // GNU time: `npm test` reports each phase's CPU time with it (scripts/timeline.mjs).
  time: { command: "/usr/bin/time", apt: "time" },
};

/**
 * Installs the missing ones of `names` (default: all). When they cannot be installed (not root,
 * no apt-get), `required` stops the script; otherwise it warns and goes on: `npm start` runs
 * without Ghostscript (or prlimit), only converting vector print files then fails (with a clear
 * message).
 */
export function ensureSystemDependencies({ names = Object.keys(PACKAGES), required = true } = {}) {
  const missing = names
    .map((name) => PACKAGES[name])
    .filter(({ command, installed }) => !(installed ? installed() : commandExists(command)));
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

// `node scripts/system-deps.mjs [name ...]`: the named ones (CI jobs ask for what their package's
// tests use), or all of them.
if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  ensureSystemDependencies(names.length > 0 ? { names } : undefined);
}
