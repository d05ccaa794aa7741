/**
 * How many Ghostscript conversions run at once in one platform process (ADR 0014,
 * `KASSA_CONVERSIONS_AT_ONCE`): a conversion takes a core for up to 15 s, and the page requests
 * must keep the rest. A few more wait their turn, first come first served; past that the caller is
 * told to come back later ({@link ConverterBusy}, answered 503 with `Retry-After`) rather than
 * queueing work that would outlast its client's patience.
 */

export class ConverterBusy extends Error {
  override name = "ConverterBusy" as const;
  constructor() {
    super("Every converter is busy and the queue is full");
  }
}

export interface ConversionQueue {
  /** Runs `work` once a place is free; throws {@link ConverterBusy} when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Conversions running now, and waiting. */
  readonly running: number;
  readonly waiting: number;
}

export interface ConversionQueueOptions {
  /** Conversions at once. */
  atOnce: number;
  /** Conversions that may wait for a place; the one after is refused. */
  maxWaiting: number;
}

/** Twice as many wait as run: a short queue, so that nobody waits longer than a few conversions. */
export function waitingPlacesFor(atOnce: number): number {
  return 2 * atOnce;
}

export function createConversionQueue({
  atOnce,
  maxWaiting,
}: ConversionQueueOptions): ConversionQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    // The place goes straight to the next in line, so a new caller cannot overtake it.
    if (next) next();
    else running--;
  };

  return {
    async run(work) {
      if (running < atOnce) {
        running++;
      } else if (waiting.length < maxWaiting) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw new ConverterBusy();
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
