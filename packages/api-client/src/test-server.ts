import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server for the client tests: each `METHOD /path` answers from a script of replies
 * (the last one repeats), and every request is recorded. Test-only; not exported by the package.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as sent, still encoded. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Closes the connection without an answer: the client sees a network error. */
  | "destroy";

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Scripts the replies of `METHOD /path` (path with query, as the client sends it). */
  on(method: string, path: string, ...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const scripts = new Map<string, Reply[]>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      requests.push({ method, url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const script = scripts.get(`${method} ${url}`);
      const reply: Reply = (script && script.length > 1 ? script.shift() : script?.[0]) ?? {
        status: 404,
        json: { error: `no script for ${method} ${url}` },
      };
      if (reply === "destroy") {
        req.socket.destroy();
        return;
      }
      const headers: Record<string, string> = { ...reply.headers };
      let body = "";
      if (reply.json !== undefined) {
        headers["content-type"] ??= "application/json";
        body = JSON.stringify(reply.json);
      } else if (reply.text !== undefined) {
        headers["content-type"] ??= "text/html";
        body = reply.text;
      }
      res.writeHead(reply.status ?? 200, headers);
      res.end(body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, ...replies) {
      scripts.set(`${method} ${path}`, replies);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A fetch that records the init of every call and hands it to the real fetch. */
export function spyFetch(): { fetch: typeof fetch; inits: RequestInit[] } {
  const inits: RequestInit[] = [];
  return {
    inits,
    fetch: (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    },
  };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}
