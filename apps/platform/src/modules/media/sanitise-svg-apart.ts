import { Worker } from "node:worker_threads";
import { UnreadableSvg } from "./svg-sanitiser.js";
import type { SvgWorkerAnswer } from "./svg-worker.js";

/**
 * `sanitiseSvg` in a worker thread of its own, with a time and a memory limit. Parsing and
 * sanitising an SVG on jsdom takes about a third of a second per thousand elements, and an upload
 * may hold tens of thousands: on the request's thread that would stop every other request of the
 * process for seconds (DESIGN §9: slow work stays off the event loop). A worker that takes too
 * long is terminated, and one that runs out of memory ends; either way the SVG is unreadable.
 */

export interface SanitiseOptions {
  /** @default 15000, as a Ghostscript conversion */
  timeoutMs?: number;
  /** The worker's heap. @default 512 MB */
  memoryMb?: number;
}

/**
 * The worker's code: the built `svg-worker.js` beside the bundle or, run from the sources (tests,
 * `pnpm dev`), `svg-worker-from-source.mjs`, which loads the TypeScript through tsx.
 */
function workerOf(workerData: unknown, memoryMb: number): Worker {
  const entry = import.meta.url.endsWith(".ts")
    ? "./svg-worker-from-source.mjs"
    : "./svg-worker.js";
  return new Worker(new URL(entry, import.meta.url), {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb },
  });
}

/** The sanitised SVG text of an upload; throws {@link UnreadableSvg} when there is none. */
export function sanitiseSvgApart(
  bytes: Uint8Array,
  options: SanitiseOptions = {},
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    const worker = workerOf({ bytes }, options.memoryMb ?? 512);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const timer = setTimeout(() => {
      settle(() => reject(new UnreadableSvg("The SVG took too long to read")));
      void worker.terminate();
    }, timeoutMs);
    worker.once("message", (answer: SvgWorkerAnswer) =>
      settle(() =>
        "svg" in answer ? resolve(answer.svg) : reject(new UnreadableSvg(answer.unreadable)),
      ),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a fault of the sanitiser: nothing to store.
    worker.once("error", () =>
      settle(() => reject(new UnreadableSvg("The SVG could not be read"))),
    );
    worker.once("exit", () => settle(() => reject(new UnreadableSvg("The SVG could not be read"))));
  });
}
