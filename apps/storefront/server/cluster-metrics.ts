import cluster from "node:cluster";
import { AggregatorRegistry, register } from "prom-client";

/**
 * `/metrics` with `WEB_CONCURRENCY` above 1 (ADR 0042). The workers share one port, so a scrape
 * reaches whichever worker the primary hands the connection to; Prometheus cannot ask each one.
 * So the worker that gets the scrape asks the primary, the primary asks every worker for its
 * registry over the cluster's channel (prom-client's `AggregatorRegistry`) and sums them, and the
 * worker answers with the whole machine's figures: counters and histograms summed, the render
 * slots summed, the longest wait the largest, process figures per prom-client's own rules.
 */
const ASK = "kassa:metrics:ask";
const ANSWER = "kassa:metrics:answer";

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** The primary: answers a worker's ask with every worker's metrics summed. */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== "number") return;
    const id = message.id;
    const reply = (answer: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id, ...answer } satisfies Answer);
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

let lastId = 0;
const waiting = new Map<number, (answer: Answer) => void>();
let listening = false;

/**
 * A worker: answers the primary's asks for this process's registry (prom-client listens once an
 * `AggregatorRegistry` is made), and hears the primary's answers to its own asks.
 */
function listenToPrimary(): void {
  if (listening) return;
  listening = true;
  new AggregatorRegistry();
  process.on("message", (message: Partial<Answer>) => {
    if (message?.type !== ANSWER || typeof message.id !== "number") return;
    waiting.get(message.id)?.(message as Answer);
  });
}

/** Called as a worker starts: it is part of the cluster's figures from then on. */
export function joinClusterMetrics(): void {
  if (cluster.isWorker) listenToPrimary();
}

/** The whole cluster's metrics, through the primary (a worker only). */
export function clusterMetrics(timeoutMs = 10_000): Promise<{ text: string; contentType: string }> {
  listenToPrimary();
  const id = ++lastId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the cluster's primary did not answer"));
    }, timeoutMs);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.error !== undefined || answer.text === undefined) {
        reject(new Error(answer.error ?? "no metrics"));
      } else {
        resolve({ text: answer.text, contentType: register.contentType });
      }
    });
    process.send?.({ type: ASK, id } satisfies Ask);
  });
}
