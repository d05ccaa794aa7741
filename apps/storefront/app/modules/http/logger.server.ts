import { createRequire } from "node:module";
import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";
import type { PrettyOptions, PrettyStream } from "pino-pretty";
import { currentRequestContext } from "./request-context.server";

/**
 * The storefront's log (ADR 0040): pino, one JSON object per line in production, every line
 * carrying the id of the request it was written for (`requestId`, from the request context), and
 * no secret or personal data.
 *
 * One logger for the whole process: the server (`server/`) and the Remix build are two bundles,
 * each with its own copy of this module, so the logger is kept under a global symbol (like the
 * request context) and both write through the same one. pino itself stays outside both bundles.
 */
export type { Logger };

/** `json` (one object per line, for a collector) or `pretty` (for a person at a terminal). */
export type LogFormat = "json" | "pretty";

/**
 * Field names whose values never reach the log, wherever they stand (one level deep, and at the
 * top): credentials, tokens, and the personal data the shop handles (an address, a name, a phone
 * number). A value is written as `[redacted]`, so the line still says the field was there.
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "refreshToken",
  "checkoutToken",
  "authorization",
  "cookie",
  "set-cookie",
  // The shop's own credential on the platform (ADR 0048), as a setting and as its header.
  "storefrontToken",
  "kassa-storefront-token",
  "secret",
  "email",
  "phone",
  "mobilePhone",
  "firstName",
  "lastName",
  "first_name",
  "last_name",
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  // Request headers as a serializer or a caller might log them.
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  '*.headers["kassa-storefront-token"]',
];

/** An e-mail address inside free text (an error's message, a browser's report). */
const EMAIL_IN_TEXT = /[^\s@<>()[\]{}"',;:]+@[^\s@<>()[\]{}"',;:]+\.[A-Za-z]{2,}/g;

/** `text` with every e-mail address in it replaced by `[email]`. */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, "[email]");
}

/**
 * An error as a log field: pino's serializer (type, message, stack, cause), with e-mail addresses
 * taken out of the message and stack (a refused sign-up's error may name the address).
 */
function errorSerializer(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error);
  if (!serialized || typeof serialized !== "object") return serialized;
  const copy = { ...serialized } as Record<string, unknown>;
  for (const key of ["message", "stack"]) {
    if (typeof copy[key] === "string") copy[key] = withoutEmails(copy[key]);
  }
  return copy;
}

export interface LoggerSettings {
  format: LogFormat;
  /** pino's level name: `trace`, `debug`, `info` (default), `warn`, `error`, `fatal`, `silent`. */
  level: string;
}

/**
 * The format and level from the environment: `LOG_FORMAT` (`json` or `pretty`) and `LOG_LEVEL`.
 * Without `LOG_FORMAT`: readable when a person watches (standard output is a terminal, or the
 * development server), JSON otherwise. `npm start` pipes the apps' output through its own line
 * prefixer, so it asks for `pretty` itself (`scripts/start.mjs`).
 */
export function loggerSettingsFrom(
  env: Readonly<Record<string, string | undefined>>,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): LoggerSettings {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked && asked !== "json" && asked !== "pretty") {
    throw new Error(`LOG_FORMAT: "${env.LOG_FORMAT}" is neither json nor pretty`);
  }
  const format: LogFormat =
    (asked as LogFormat | undefined) ??
    (stdoutIsTerminal || env.NODE_ENV === "development" ? "pretty" : "json");
  const level = env.LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!(level in pino.levels.values) && level !== "silent") {
    throw new Error(
      `LOG_LEVEL: "${env.LOG_LEVEL}" is not one of ${Object.keys(pino.levels.values)}`,
    );
  }
  return { format, level };
}

/** pino's options: the redaction, the request id on every line, the service's name. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Which process wrote the line (several serve one port with WEB_CONCURRENCY), and which app.
    base: { pid: process.pid, hostname: hostname(), service: "storefront" },
    // ISO time: what a person and a collector both read without a conversion.
    timestamp: pino.stdTimeFunctions.isoTime,
    messageKey: "msg",
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: errorSerializer, error: errorSerializer },
    // The id of the request this line was written for; a line written for a request that is not
    // the current one (the access log, written as the answer ends) names its own.
    mixin() {
      const context = currentRequestContext();
      return context ? { requestId: context.requestId } : {};
    },
    hooks: {
      // A message is free text: an address in it is taken out as the fields are.
      logMethod(args, method) {
        const texts = args.map((arg) => (typeof arg === "string" ? withoutEmails(arg) : arg));
        method.apply(this, texts as Parameters<typeof method>);
      },
    },
  };
}

/** A logger writing to `destination` (default: standard output) in `format`. */
export function createLogger(
  settings: LoggerSettings,
  destination?: DestinationStream | NodeJS.WritableStream,
): Logger {
  const options = loggerOptions(settings.level);
  if (settings.format === "pretty") {
    // In this thread, not as pino's worker transport: the two bundles and tests stay simple, and
    // a person reading a terminal does not need the worker's throughput.
    // Loaded only when asked for: production writes JSON and need not load it at start.
    const pretty = createRequire(import.meta.url)("pino-pretty") as (
      options: PrettyOptions,
    ) => PrettyStream;
    return pino(
      options,
      pretty({
        destination: (destination as NodeJS.WritableStream | undefined) ?? 1,
        sync: true,
        translateTime: "SYS:HH:MM:ss.l",
        // One line an entry, its fields after the message; what the message already says (the
        // access line's method, path, status and duration) is not repeated.
        singleLine: true,
        ignore: "pid,hostname,service,method,path,status,durationMs",
        messageKey: "msg",
      }),
    );
  }
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}

const KEY = Symbol.for("kassa.storefront.logger");
type Holder = { [KEY]?: Logger };

/** The process's logger, made from the environment on first use. */
export function logger(): Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= createLogger(loggerSettingsFrom(process.env));
  return holder[KEY];
}

/**
 * Makes `replacement` the process's logger until the returned function puts the previous one
 * back: for tests that read what was logged.
 */
export function replaceLogger(replacement: Logger): () => void {
  const holder = globalThis as Holder;
  const previous = holder[KEY];
  holder[KEY] = replacement;
  return () => {
    holder[KEY] = previous;
  };
}
