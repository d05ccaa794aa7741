import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { HttpError } from "./http-error.js";

export interface BodyLimitOptions {
  /** The largest body a handler gets to see. */
  maxBytes: number;
  /**
   * How much of an oversized body is read and thrown away so that the connection can carry the
   * client's next request. A body declared bigger than this, or still arriving past it, is not
   * waited for: the 413 then says `Connection: close`.
   */
  drainBytes: number;
}

/** The limits of one request, chosen by its method and path (the media uploads take more). */
export type BodyLimitsFor = (method: string, path: string) => BodyLimitOptions;

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    "PAYLOAD_TOO_LARGE",
    `The request body is too large (at most ${maxBytes} bytes)`,
  );

/**
 * Answers 413 `PAYLOAD_TOO_LARGE` for a body over `maxBytes`, leaving the connection usable.
 *
 * Hono's `bodyLimit` answered at once and left the rest of the body unread on a keep-alive
 * connection; the Node adapter then gave up draining it and reset the socket, so the client's
 * next request on that connection failed. Here the rest of the body is read and discarded first
 * (up to `drainBytes`), so the 413 is an ordinary answer on a connection that stays open. Past
 * that budget the answer carries `Connection: close`: the client knows to use a new connection.
 */
export function limitBodySize(limits: BodyLimitOptions | BodyLimitsFor) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { maxBytes, drainBytes } =
      typeof limits === "function" ? limits(c.req.method, c.req.path) : limits;
    const headers = c.req.raw.headers;
    const chunked = headers.has("transfer-encoding");
    const declared = chunked ? undefined : Number(headers.get("content-length") ?? 0);
    // Node's parser delivers exactly Content-Length bytes, so a declared length can be trusted.
    if (declared !== undefined && declared <= maxBytes) return next();
    if (declared !== undefined && declared > drainBytes) {
      c.header("Connection", "close");
      throw tooLarge(maxBytes);
    }

    const reader = c.req.raw.body?.getReader();
    if (!reader) return next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) break;
      chunks.push(value);
    }
    if (size <= maxBytes) {
      // A chunked body within the limit: hand the handler what was read.
      c.req.raw = new Request(c.req.raw, { body: concat(chunks, size) });
      return next();
    }
    if (!(await discardRest(reader, drainBytes - size))) c.header("Connection", "close");
    throw tooLarge(maxBytes);
  });
}

/** Reads a stream to its end, up to `budget` more bytes; `true` when the end was reached. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<boolean> {
  let left = budget;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    left -= value.byteLength;
    if (left < 0) return false;
  }
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
