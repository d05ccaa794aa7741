import { context, propagation, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * A tracer whose spans stay in memory, registered as the process's (context manager and W3C
 * propagation included) for one test file and unregistered after it: the platform's files share
 * one process, and the others run untraced.
 */
export function withInMemoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  beforeAll(() => {
    provider.register();
  });
  afterEach(() => exporter.reset());
  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });
  return {
    tracer: () => trace.getTracer("test"),
    spans: () => exporter.getFinishedSpans(),
  };
}
