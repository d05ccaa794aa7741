import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.js";
import { HttpError } from "./http-error.js";

export interface BodyLimitOptions {
  /** The largest body a handler gets to see. */
  maxBytes: number;
  /**
   * How much of an oversized body may be read in all (and thrown away) so that the connection can
   * carry the client's next request. A body declared bigger than this, or still arriving past it,
   * is not waited for: the 413 then says `Connection: close`, and the connection goes.
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
 * Answers 413 `PAYLOAD_TOO_LARGE` for a body over `maxBytes`, reading no byte of it ahead of the
 * handler:
 *
 * - a declared `Content-Length` over the limit is refused at once, before the body is read (Node's
 *   parser delivers exactly the declared bytes, so a declared length within it can be trusted);
 * - a chunked body is handed to the handler as it arrives, counted, and cut off the moment it
 *   passes the limit (the handler's read fails, and the answer is the 413).
 *
 * Nothing is buffered here: a body is read only when the route reads it, which is after its
 * authorisation (the uploads' gate, `upload-gate.ts`, runs before anything reads one). Issue 28:
 * the chunked body used to be read to the limit (70 MB on the upload paths) before any check.
 *
 * Hono's `bodyLimit` answered at once and left the rest of the body unread on a keep-alive
 * connection; the Node adapter then gave up draining it and reset the socket, so the client's
 * next request on that connection failed. Here a small oversize (up to `drainBytes` in all) is
 * read and discarded first, so the 413 is an ordinary answer on a connection that stays open.
 * Past that budget the answer carries `Connection: close` and the connection is closed, not
 * drained.
 */
export function limitBodySize(limits: BodyLimitOptions | BodyLimitsFor) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { maxBytes, drainBytes } =
      typeof limits === "function" ? limits(c.req.method, c.req.path) : limits;
    const headers = c.req.raw.headers;
    const chunked = headers.has("transfer-encoding");
    const declared = chunked ? undefined : Number(headers.get("content-length") ?? 0);
    if (declared !== undefined && declared <= maxBytes) return next();

    const reader = c.req.raw.body?.getReader();
    if (declared !== undefined) {
      if (declared > drainBytes || !reader || !(await discardRest(reader, drainBytes))) {
        c.header("Connection", "close");
      }
      throw tooLarge(maxBytes);
    }
    if (!reader) return next();

    let exceeded = false;
    const counted = countedBody(reader, maxBytes, () => {
      exceeded = true;
    });
    c.req.raw = new Request(c.req.raw, { body: counted.stream, duplex: "half" } as RequestInit);
    await next();
    // Whatever the handler made of its failed read (a 400 for unreadable JSON), the answer is
    // the 413, which the error handler makes in place of it.
    if (!exceeded) return;
    if (!(await discardRest(reader, drainBytes - counted.bytesRead()))) {
      c.header("Connection", "close");
    }
    throw tooLarge(maxBytes);
  });
}

/**
 * The body as a stream read only as fast as its consumer reads (one chunk per pull), failing
 * with the 413 as soon as more than `maxBytes` arrived.
 */
function countedBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  onExceeded: () => void,
) {
  let size = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        size += value.byteLength;
        if (size > maxBytes) {
          onExceeded();
          controller.error(tooLarge(maxBytes));
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, bytesRead: () => size };
}

/** Reads a stream to its end, up to `budget` more bytes; `true` when the end was reached. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<boolean> {
  let left = budget;
  if (left < 0) return false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    left -= value.byteLength;
    if (left < 0) return false;
  }
}
