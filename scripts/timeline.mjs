// The test run's phases, some side by side, each timed: `npm test` prints how long each took at
// the end (on success and on failure), so a slow phase shows in every log without a profiler.
// A phase is a command (or a list of commands run one after another); phases started together run
// at once, with every output line prefixed by the phase's name. When one fails, the others still
// running are stopped, and the run ends with the failed phase's name.
import { spawn } from "node:child_process";
import { prefixLines, root } from "./lib.mjs";

/** @typedef {{ name: string, startedAt: number, endedAt?: number, status: "running" | "passed" | "failed" | "stopped" }} PhaseRecord */

export function createTimeline() {
  const startedAt = Date.now();
  /** @type {PhaseRecord[]} */
  const phases = [];
  /** @type {Set<import("node:child_process").ChildProcess>} */
  const running = new Set();
  let failed;

  /** Runs one command to its end, output prefixed with `[name]`; rejects when it fails. */
  function exec(name, command, args, options = {}) {
    return new Promise((resolve, reject) => {
      if (failed) {
        reject(new Error(`not started: ${failed} failed`));
        return;
      }
      console.log(`[${name}] ▶ ${command} ${args.join(" ")}`);
      // Its own process group, so stopping it stops what it started (turbo's tasks, Playwright's
      // servers, Chromium).
      const child = spawn(command, args, {
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
    const record = { name, startedAt: Date.now(), status: "running" };
    phases.push(record);
    try {
      await steps((command, args, options) => exec(name, command, args, options));
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

  /** The phases' wall times, in the order they started, with their offsets from the start. */
  function report() {
    const lines = ["", "Phases (wall time, started at):"];
    for (const record of phases) {
      const took = (record.endedAt ?? Date.now()) - record.startedAt;
      const mark = { passed: "✔", failed: "✖", stopped: "■", running: "…" }[record.status];
      lines.push(
        `  ${mark} ${record.name.padEnd(28)} ${clock(took).padStart(6)}   +${clock(record.startedAt - startedAt)}`,
      );
    }
    lines.push(`  ${"total".padEnd(30)} ${clock(Date.now() - startedAt).padStart(6)}`);
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
