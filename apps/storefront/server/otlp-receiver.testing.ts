import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: (Omit<ReceivedSpan, "service" | "scope" | "attributes"> & {
        attributes?: OtlpAttribute[];
      })[];
    }[];
  }[];
}

/**
 * A collector's OTLP/HTTP traces endpoint (`POST /v1/traces`) for tests, taking the JSON
 * encoding (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`): every span sent is kept, and a test waits
 * for the spans it expects rather than for a time.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        spans.push(...spansOf(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport));
        for (const wake of waiters) wake();
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The endpoint to give as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
    url,
    spans,
    /** Resolves with `find`'s first answer once the spans received so far give one. */
    waitFor<T>(what: string, find: (spans: ReceivedSpan[]) => T | undefined, timeoutMs = 90_000) {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = find(spans);
          if (found === undefined) return;
          finish();
          resolve(found);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no ${what} among ${spans.length} spans received`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function spansOf(body: OtlpExport): ReceivedSpan[] {
  const received: ReceivedSpan[] = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        received.push({
          ...span,
          // An unset parent comes as an empty string or not at all.
          parentSpanId: span.parentSpanId || undefined,
          service: String(resource["service.name"]),
          scope: scopeSpans.scope?.name ?? "",
          attributes: attributesOf(span.attributes),
        });
      }
    }
  }
  return received;
}

function attributesOf(attributes: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  );
}
