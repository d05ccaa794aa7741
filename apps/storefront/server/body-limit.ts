import type { IncomingMessage } from "node:http";
import { PRINT_FILE_MAX_FILES } from "@kassa/domain";
import type { RequestHandler } from "express";
import getRawBody from "raw-body";
import { maxUploadBodyBytes } from "../app/modules/media/upload-body-limit";
import { sendRefusal } from "./refusal-page";

/**
 * The slowest a body may arrive beyond its time (`BodyLimits.timeoutMs`): each 4 KiB received
 * buys one more second (32 kbit/s, below any mobile network that still loads a page). A client
 * that sends a byte every two seconds is cut off when its time is up.
 */
export const MIN_BODY_BYTES_PER_SECOND = 4 * 1024;

/** The company screen (C§2), whose posts carry print files: the page, with `/`, and its fetcher's `.data`. */
export const PRINT_FILE_UPLOAD_PATH = /^\/my-account\/company(?:\/|\.data)?$/i;

export interface BodyLimits {
  /** Bytes any post may carry (`KASSA_FORM_MAX_KB`): the shop's forms are a few KB. */
  formBytes: number;
  /** Paths that take files, with their own limit (the first that matches counts). */
  uploads: readonly { path: RegExp; bytes: number }[];
  /**
   * How long a body may take to arrive (`KASSA_BODY_TIMEOUT_SECONDS`), plus one second for each
   * `MIN_BODY_BYTES_PER_SECOND` received.
   */
  timeoutMs: number;
}

/**
 * The storefront's limits: `formBytes` for every form, and for the company screen's upload ten
 * print files at the configured size (`KASSA_PRINT_FILE_MAX_MB`) with room for the form around
 * them, as the route itself computes it.
 */
export function storefrontBodyLimits(input: {
  formBytes: number;
  printFileMaxMb: number;
  timeoutMs: number;
}): BodyLimits {
  const upload = maxUploadBodyBytes({
    maxFiles: PRINT_FILE_MAX_FILES,
    maxSizeMb: input.printFileMaxMb,
  });
  return {
    formBytes: input.formBytes,
    uploads: [{ path: PRINT_FILE_UPLOAD_PATH, bytes: Math.max(upload, input.formBytes) }],
    timeoutMs: input.timeoutMs,
  };
}

/** Defaults for a server started without settings (tests): 64 KB forms, 5 MB print files, 10 s. */
export const DEFAULT_BODY_LIMITS = storefrontBodyLimits({
  formBytes: 64 * 1024,
  printFileMaxMb: 5,
  timeoutMs: 10_000,
});

export function bodyLimitOf(limits: BodyLimits, path: string): number {
  return limits.uploads.find((upload) => upload.path.test(path))?.bytes ?? limits.formBytes;
}

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body `readBodyFirst` read for this request, if it read one. */
export function bufferedBodyOf(req: IncomingMessage): Buffer | undefined {
  return bodies.get(req);
}

const TOO_SLOW = Symbol("too slow");

/**
 * The body, read to its end within `limit` bytes (raw-body counts the bytes as they come and stops
 * at the first one past the limit, whatever `Content-Length` said), or `TOO_SLOW` when it did not
 * keep to its deadline.
 */
function readWithin(
  req: IncomingMessage,
  limit: number,
  timeoutMs: number,
): Promise<Buffer | typeof TOO_SLOW> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = 0;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(timer);
      req.off("data", count);
    };
    const arm = () => {
      clearTimeout(timer);
      const deadline = started + timeoutMs + (received / MIN_BODY_BYTES_PER_SECOND) * 1000;
      timer = setTimeout(() => {
        stop();
        req.pause();
        resolve(TOO_SLOW);
      }, deadline - Date.now());
    };
    function count(chunk: Buffer) {
      received += chunk.length;
      arm();
    }
    req.on("data", count);
    arm();
    getRawBody(req, { length: req.headers["content-length"] ?? null, limit })
      .then(resolve, reject)
      .finally(stop);
  });
}

/**
 * Reads a post's body before the request joins the render line (ADR 0033): a request waiting for
 * its body holds a socket and at most its limit in bytes, never a render slot, so clients that
 * send slowly cannot stall the pages of everyone else. Remix then gets the body as it came
 * (`remix-handler.ts`). A body declared larger than its route's limit is refused at once with 413,
 * before any of it is read (a client that asked `Expect: 100-continue` is not even told to send
 * it); one that grows past the limit as it streams is cut off there; one that does not arrive
 * in time is refused with 408. Either way the connection is closed after the answer. GET and HEAD
 * pass untouched.
 */
export function readBodyFirst(limits: BodyLimits): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = bodyLimitOf(limits, req.path);
    const refuse = (status: number, message: "error.formTooLarge" | "error.formTooSlow") =>
      sendRefusal(req, res, status, message).catch(next);
    if (Number(req.get("content-length") ?? 0) > limit)
      return void refuse(413, "error.formTooLarge");
    if (req.get("expect")?.toLowerCase() === "100-continue") res.writeContinue();
    readWithin(req, limit, limits.timeoutMs).then(
      (body) => {
        if (body === TOO_SLOW) return void refuse(408, "error.formTooSlow");
        bodies.set(req, body);
        next();
      },
      (error: getRawBody.RawBodyError) => {
        if (error.type === "entity.too.large") return void refuse(413, "error.formTooLarge");
        // The client went away (or sent less than it declared): nobody to answer.
        if (!res.headersSent && !req.socket.destroyed) {
          res.status(400).set("Connection", "close").end();
        }
      },
    );
  };
}
