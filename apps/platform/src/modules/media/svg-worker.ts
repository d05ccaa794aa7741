/**
 * The worker thread that sanitises one SVG (`sanitise-svg-apart.ts`): the bytes come in
 * `workerData`, the stored text (or why there is none) goes back as one message, and the thread
 * ends. Built as its own entry (`dist/svg-worker.js`, see `tsup.config.ts`).
 */
import { parentPort, workerData } from "node:worker_threads";
import { sanitiseSvg, UnreadableSvg } from "./svg-sanitiser.js";

/** What the worker answers. */
export type SvgWorkerAnswer = { svg: string } | { unreadable: string };

const { bytes } = workerData as { bytes: Uint8Array };
let answer: SvgWorkerAnswer;
try {
  answer = { svg: sanitiseSvg(bytes) };
} catch (error) {
  if (!(error instanceof UnreadableSvg)) throw error;
  answer = { unreadable: error.message };
}
parentPort?.postMessage(answer);
