import { type Tracer, trace } from "@opentelemetry/api";
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { type Instrumentation, registerInstrumentations } from "@opentelemetry/instrumentation";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-node";
import {
  ATTR_SERVICE_NAME,
  ATTR_URL_FULL,
  ATTR_URL_QUERY,
} from "@opentelemetry/semantic-conventions";

/**
 * The OTLP/HTTP exporter the environment names: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` or
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, `http/protobuf` (the specification's default) or `http/json`.
 * gRPC is not offered (it would bring a gRPC stack for what port 4318 does as well); asked for,
 * protobuf over HTTP is used, with a warning. The endpoint, headers and timeout are read from the
 * environment by the exporter itself (`/v1/traces` is added to `OTEL_EXPORTER_OTLP_ENDPOINT`).
 */
export function otlpTraceExporter(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
): SpanExporter {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL ||
    "http/protobuf"
  )
    .trim()
    .toLowerCase();
  if (protocol === "http/json") return new OtlpJsonExporter() as SpanExporter;
  if (protocol !== "http/protobuf") {
    warn(`OTLP protocol "${protocol}" is not supported: sending http/protobuf instead`);
  }
  return new OtlpProtobufExporter() as SpanExporter;
}

export interface NodeTracingOptions {
  /** The service name in traces unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. */
  serviceName: string;
  /** The name of the tracer the app's own spans are made by (its package name). */
  tracerName: string;
  /** Where the exporter's and the flush's complaints go (the app's log). */
  warn(message: string): void;
  /** The app's own instrumentations beside undici's (the platform's PostgreSQL driver). */
  instrumentations?: Instrumentation[];
}

export interface NodeTracing {
  /** The tracer for the app's own spans (requests, loaders, queries). */
  tracer: Tracer;
  /** Unhooks the instrumentations and sends the spans still buffered. */
  shutdown(): Promise<void>;
}

/**
 * The OpenTelemetry SDK as both servers run it, loaded only when tracing is asked for: spans are
 * batched (`OTEL_BSP_*`) and sent over OTLP/HTTP; the W3C `traceparent` is read from requests and
 * written on outgoing calls; the service is named by the environment's resource attributes.
 *
 * Node's fetch (undici), which every platform and provider call goes through, reports each call
 * on diagnostics_channel: a CLIENT span and a `traceparent` header per call, with no module hook.
 * Calls outside a request (a job worker's, the cache-tag stream) start no trace of their own, and
 * the query string (search terms, tokens some providers put there) stays out of the span.
 */
export function startNodeTracing(env: NodeJS.ProcessEnv, options: NodeTracingOptions): NodeTracing {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the defaults above.
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(otlpTraceExporter(env, options.warn))],
  });
  // The global provider, the AsyncLocalStorage context manager and the W3C propagators.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new UndiciInstrumentation({
        requireParentforSpans: true,
        startSpanHook: (request) => ({
          [ATTR_URL_FULL]: `${request.origin}${request.path.split("?")[0]}`,
          [ATTR_URL_QUERY]: undefined,
        }),
      }),
      ...(options.instrumentations ?? []),
    ],
  });
  return {
    tracer: trace.getTracer(options.tracerName),
    shutdown: async () => {
      unregister();
      await provider
        .shutdown()
        .catch((error: unknown) => options.warn(`flushing failed: ${error}`));
    },
  };
}
