import { Writable } from "node:stream";
import { createLogger, replaceLogger } from "~/modules/http/logger.server";

export type LogLine = Record<string, unknown> & { level: number; msg?: string };

/**
 * Makes the process's logger (both bundles' `logger()`) write JSON lines into `lines` until
 * `restore()`: what a test reads of the log, exactly as production writes it.
 */
export function captureLogs(level = "debug"): {
  lines: LogLine[];
  text: () => string;
  restore: () => void;
} {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n")) {
        if (!line) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const restore = replaceLogger(createLogger({ format: "json", level }, destination));
  return { lines, text: () => raw.join("\n"), restore };
}

/** A logger that writes nothing: for a server whose refusals a test provokes on purpose. */
export function silentLogger() {
  return createLogger({ format: "json", level: "silent" });
}
