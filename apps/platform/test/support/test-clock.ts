import type { Clock } from "../../src/clock.js";

export interface TestClock {
  /** Pass this to the platform. */
  clock: Clock;
  /** Moves time forward (or back, with a negative amount). */
  advance(milliseconds: number): void;
  now(): Date;
}

/** A clock that starts at the real time and then only moves when a test says so. */
export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    clock: () => new Date(current),
    advance(milliseconds) {
      current += milliseconds;
    },
    now: () => new Date(current),
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
