import { connect, type Socket } from "node:net";

/**
 * A client on a raw socket, for what fetch cannot show: whether the server answers while a body is
 * still coming (or before one is sent at all), and whether it then closes the connection.
 */

export interface RawAnswer {
  /** 0 when nothing came within the wait. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes written before the answer's head arrived. */
  sentBeforeAnswer: number;
  /**
   * Whether the server closed the connection after answering (within the wait): its end of the
   * stream, or a reset, came after the answer.
   */
  closed: boolean;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers: Record<string, string>;
  /**
   * Sends a chunked body of these chunks, one after another, until the server answers or `max`
   * bytes went; the body is never finished. Without it only the head is sent.
   */
  chunked?: { chunk: Uint8Array; max: number };
  /**
   * How long to wait for the answer (and then for the close). A bound, not a measurement: the
   * request settles as soon as both come, and a busy machine (the whole suite on two cores) can
   * take seconds to answer a body it is cutting off. @default 20000
   */
  waitMs?: number;
}

/** Sends a request's head (and maybe an unfinished chunked body) and reads what comes back. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const waitMs = request.waitMs ?? 20_000;
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(url.port), url.hostname);
    let received = Buffer.alloc(0);
    let sent = 0;
    let sentBeforeAnswer = -1;
    let closed = false;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        ...parseAnswer(received),
        sentBeforeAnswer: Math.max(0, sentBeforeAnswer),
        closed,
      });
    };
    const timer = setTimeout(finish, waitMs);
    const answered = () => received.includes("\r\n\r\n");
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      if (answered() && sentBeforeAnswer < 0) sentBeforeAnswer = sent;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = answered();
      finish();
    });
    // The server ended its side after its answer: closed, whether or not it still reads.
    socket.on("end", () => {
      closed = answered();
      setTimeout(finish, 50);
    });

    const head = [
      `${request.method ?? "POST"} ${request.path} HTTP/1.1`,
      `Host: ${url.host}`,
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
      request.chunked ? "Transfer-Encoding: chunked" : undefined,
      "",
      "",
    ]
      .filter((line) => line !== undefined)
      .join("\r\n");
    socket.write(head);
    const chunked = request.chunked;
    if (!chunked) return;
    const frame = Buffer.concat([
      Buffer.from(`${chunked.chunk.byteLength.toString(16)}\r\n`),
      chunked.chunk,
      Buffer.from("\r\n"),
    ]);
    const sendMore = () => {
      while (!settled && !answered() && sent < chunked.max && !socket.destroyed) {
        sent += chunked.chunk.byteLength;
        if (!socket.write(frame)) {
          socket.once("drain", sendMore);
          return;
        }
      }
    };
    sendMore();
  });
}

function parseAnswer(bytes: Buffer): Pick<RawAnswer, "status" | "headers" | "body"> {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return { status: 0, headers: {}, body: "" };
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  const length = Number(headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(length)) body = body.subarray(0, length);
  return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: body.toString("utf8") };
}
