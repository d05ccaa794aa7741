// The test run's phases, some side by side, each timed: `npm test` prints how long each took at
// the end (on success and on failure), so a slow phase shows in every log without a profiler.
// A phase is a command (or a list of commands run one after another); phases started together run
// at once, with every output line prefixed by the phase's name. When one fails, the others still
// running are stopped, and the run ends with the failed phase's name.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prefixLines, root } from "./lib.mjs";

/**
 * GNU time (Debian's `time`), when present, counts each command's CPU time with that of the
 * processes it waited for (turbo's tasks, vitest's workers, Chromium): on two cores the CPU a
 * phase uses, more than its wall time beside others, says what shortening it would give.
 */
const GNU_TIME = "/usr/bin/time";

/** @typedef {{ name: string, startedAt: number, endedAt?: number, cpuMs: number, status: "running" | "passed" | "failed" | "stopped" }} PhaseRecord */

export function createTimeline() {
  const startedAt = Date.now();
  /** @type {PhaseRecord[]} */
  const phases = [];
  /** @type {Set<import("node:child_process").ChildProcess>} */
  const running = new Set();
  let failed;
  const timed = existsSync(GNU_TIME);
  const cpuFolder = timed ? mkdtempSync(join(tmpdir(), "kassa-cpu-")) : undefined;
  let commands = 0;

  /** The CPU seconds GNU time wrote (user + system), or 0 when it wrote none. */
  function cpuMsOf(file) {
    if (!file || !existsSync(file)) return 0;
    const [user, system] = readFileSync(file, "utf8").trim().split(/\s+/).slice(-2).map(Number);
    return Number.isFinite(user) && Number.isFinite(system) ? (user + system) * 1000 : 0;
  }

  /**
   * Runs one command to its end, output prefixed with `[name]`; rejects when it fails. Its CPU
   * time is added to `record`.
   */
  function exec(record, command, args, options = {}) {
    const name = record.name;
    return new Promise((resolve, reject) => {
      if (failed) {
        reject(new Error(`not started: ${failed} failed`));
        return;
      }
      console.log(`[${name}] ▶ ${command} ${args.join(" ")}`);
      const cpuFile = cpuFolder ? join(cpuFolder, `${++commands}.txt`) : undefined;
      const [program, programArgs] = cpuFile
        ? [GNU_TIME, ["-q", "-f", "%U %S", "-o", cpuFile, command, ...args]]
        : [command, args];
      // Its own process group, so stopping it stops what it started (turbo's tasks, Playwright's
      // servers, Chromium).
      const child = spawn(program, programArgs, {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
        ...options,
      });
      running.add(child);
      prefixLines(child.stdout, process.stdout, name);
      prefixLines(child.stderr, process.stderr, name);
      child.on("error", reject);
      child.on("close", (code, signal) => {
        running.delete(child);
        record.cpuMs += cpuMsOf(cpuFile);
        if (code === 0) resolve();
        else reject(new Error(`${command} ${args.join(" ")} ended with ${code ?? signal}`));
      });
    });
  }

  /**
   * A phase: `steps` is a function that runs its commands through the `exec` it is given. The
   * promise settles when the phase has ended; a failure stops every other phase.
   */
  async function phase(name, steps) {
    if (failed) throw new Error(`not started: ${failed} failed`);
    /** @type {PhaseRecord} */
    const record = { name, startedAt: Date.now(), cpuMs: 0, status: "running" };
    phases.push(record);
    try {
      await steps((command, args, options) => exec(record, command, args, options));
      record.status = "passed";
    } catch (error) {
      record.status = failed ? "stopped" : "failed";
      if (!failed) {
        failed = name;
        console.error(`\n✖ ${name}: ${error.message}`);
        stopAll();
      }
      throw error;
    } finally {
      record.endedAt = Date.now();
    }
  }

  function stopAll() {
    for (const child of running) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  }

  /**
   * The phases' wall times, in the order they started, with their offsets from the start, and
   * their CPU times when GNU time counted them.
   */
  function report() {
    if (cpuFolder) rmSync(cpuFolder, { recursive: true, force: true });
    const lines = [
      "",
      timed ? "Phases (wall time, started at, CPU time):" : "Phases (wall time, started at):",
    ];
    let cpuMs = 0;
    for (const record of phases) {
      const took = (record.endedAt ?? Date.now()) - record.startedAt;
      const mark = { passed: "✔", failed: "✖", stopped: "■", running: "…" }[record.status];
      cpuMs += record.cpuMs;
      const cpu = timed ? `   ${clock(record.cpuMs).padStart(6)}` : "";
      lines.push(
        `  ${mark} ${record.name.padEnd(28)} ${clock(took).padStart(6)}   +${clock(record.startedAt - startedAt).padEnd(6)}${cpu}`,
      );
    }
    const cpu = timed ? `   ${"".padEnd(6)}   ${clock(cpuMs).padStart(6)}` : "";
    lines.push(`  ${"total".padEnd(30)} ${clock(Date.now() - startedAt).padStart(6)}${cpu}`);
    return lines.join("\n");
  }

  /** Waits for every one of `work` to settle (stopped ones included), then fails if any failed. */
  async function together(...work) {
    const results = await Promise.allSettled(work);
    const rejected = results.find((result) => result.status === "rejected");
    if (rejected) throw rejected.reason;
  }

  process.on("SIGINT", () => {
    stopAll();
    process.exit(130);
  });

  return {
    phase,
    together,
    report,
    /** The phase that failed first, if any. */
    get failed() {
      return failed;
    },
  };
}

/** `m:ss` */
export function clock(milliseconds) {
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
