import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The conversions (`prlimit` + Ghostscript in a `kassa-convert-*` folder) still running that this
 * test process started, itself or through a platform it runs. Only its own: other suites on the
 * machine (the storefront's, the browser tests' platforms, the same tests on another Node) convert
 * print files at the same time, and counting theirs failed a test that had left nothing behind.
 */
export function conversionsRunning(): number {
  let pids: number[];
  try {
    pids = execFileSync("pgrep", ["-f", "kassa-convert-"])
      .toString()
      .trim()
      .split("\n")
      .map(Number);
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
  return pids.filter(isOurs).length;
}

/** Whether `pid` is this test process or one of its descendants (walking up /proc). */
function isOurs(pid: number): boolean {
  for (let current = pid, hops = 0; current > 1 && hops < 64; hops++) {
    if (current === process.pid) return true;
    try {
      // The fields after the command's closing parenthesis: state, then the parent's pid.
      const stat = readFileSync(`/proc/${current}/stat`, "utf8");
      current = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return false; // it ended meanwhile
    }
  }
  return false;
}
