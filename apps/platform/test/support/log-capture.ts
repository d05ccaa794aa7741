import type { LevelWithSilent } from "pino";
import { logger, setLogDestination } from "../../src/logging/logger.js";

/** One log line as the platform wrote it (JSON). */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number | string };

export interface LogCapture {
  /** The lines written since the capture began, parsed. */
  lines(): LogLine[];
  /** The same, as written: what a collector would store. */
  text(): string;
  /** Sends the lines back where they went and restores the level. */
  stop(): void;
}

/**
 * The platform's log lines from now on, in memory (the logger is silent under vitest; this turns
 * it on at `level` for the test that reads them).
 */
export function captureLogs(level: LevelWithSilent = "info"): LogCapture {
  const written: string[] = [];
  const before = logger.level;
  logger.level = level;
  setLogDestination({ write: (line: string) => written.push(line) });
  return {
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
    text: () => written.join(""),
    stop() {
      setLogDestination(undefined);
      logger.level = before;
    },
  };
}
