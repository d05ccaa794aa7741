import pino, { type Level, type LevelWithSilent, type Logger } from "pino";
import pretty from "pino-pretty";
import { describeError } from "../http/error-log.js";
import { REDACTED, REDACTED_PATHS, scrubText } from "./redaction.js";
import { currentRequestContext } from "./request-context.js";

/**
 * The platform's one logger (ADR 0039). Every line is one JSON object in production (for a
 * collector: Loki, Elasticsearch, CloudWatch…) and one readable line elsewhere; every line written
 * while a request is handled carries its `requestId`; secrets and email addresses are redacted
 * (`redaction.ts`). Settings:
 *
 * - `LOG_LEVEL` (`info`; `silent` under vitest, so the tests print nothing unless one asks)
 * - `LOG_FORMAT` (`json` when NODE_ENV is production or any other value but development or test,
 *   else `pretty`): `npm start` runs the platform with NODE_ENV=production and asks for `pretty`.
 */

export type LogFormat = "json" | "pretty";

type Env = Record<string, string | undefined>;

/** The format `LOG_FORMAT` asks for, else JSON in production and readable lines elsewhere. */
export function logFormatOf(env: Env): LogFormat {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty") return env.LOG_FORMAT;
  // As `allowsDevelopmentDefaults` (config.ts) reads NODE_ENV: a misspelt one counts as production.
  const development = !env.NODE_ENV || env.NODE_ENV === "development" || env.NODE_ENV === "test";
  return development && !env.VITEST ? "pretty" : "json";
}

const LEVELS: readonly LevelWithSilent[] = [
  "fatal",
  "error",
  "warn",
  "info",
  "debug",
  "trace",
  "silent",
];

/** `LOG_LEVEL` when it names a level, else `info` (`silent` under vitest). */
export function logLevelOf(env: Env): LevelWithSilent {
  const asked = env.LOG_LEVEL?.toLowerCase() as LevelWithSilent | undefined;
  if (asked && LEVELS.includes(asked)) return asked;
  return env.VITEST ? "silent" : "info";
}

/** Where the lines go: pino's own writer to standard output, or pino-pretty's in front of it. */
interface LineWriter {
  write(line: string): unknown;
}

function standardOutput(format: LogFormat): LineWriter {
  if (format === "json") return pino.destination({ dest: 1, sync: true });
  return pretty({
    colorize: Boolean(process.stdout.isTTY),
    // One line per entry, its fields after the message; the time of day is enough on a console.
    singleLine: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,service",
    sync: true,
  });
}

const format = logFormatOf(process.env);
const toStandardOutput = standardOutput(format);
let destination: LineWriter = toStandardOutput;

/**
 * Sends the lines somewhere else until called again without one (tests read them, see
 * `test/support/log-capture.ts`); they are JSON whatever the format, since pino-pretty is bypassed.
 */
export function setLogDestination(writer: LineWriter | undefined): void {
  destination = writer ?? toStandardOutput;
}

export const logger: Logger = pino(
  {
    level: logLevelOf(process.env),
    base: { service: "platform", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // A collector reads `"level":"error"` without knowing pino's numbers; pino-pretty wants those.
    formatters: format === "json" ? { level: (label) => ({ level: label }) } : {},
    mixin: () => ({ ...currentRequestContext() }),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      // An error's class, codes and stack, never the values a query carried (`error-log.ts`).
      err: (error: unknown) => ({ message: describeError(error) }),
    },
    hooks: {
      // The message itself may name an address ("no mail to anna@…"): the last net.
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  },
  { write: (line: string) => destination.write(line) },
);

export type { Level, Logger };
