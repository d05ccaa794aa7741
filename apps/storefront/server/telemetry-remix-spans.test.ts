import { context, propagation, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { traceRemixBuild } from "./telemetry-remix-spans";
import { type MatchedRoute, withMatchedRoute } from "./telemetry-request-spans";

// Registered for this file only: the storefront's files share one process.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
beforeAll(() => provider.register());
afterEach(() => exporter.reset());
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

const tracer = () => trace.getTracer("test");

function route(id: string, path: string | undefined, parentId: string | undefined, module: object) {
  return { id, path, parentId, module } as ServerBuild["routes"][string];
}

function page() {
  return {
    default: () => null,
    loader: async () => ({ products: [] }),
    action: async () => {
      throw new Response(null, { status: 303, headers: { Location: "/" } });
    },
  };
}

const build = {
  routes: {
    root: route("root", "", undefined, { loader: async () => ({ market: "SE" }) }),
    "routes/$locale": route("routes/$locale", ":locale", "root", { default: () => null }),
    "routes/$locale.kategori.$": route(
      "routes/$locale.kategori.$",
      "kategori/*",
      "routes/$locale",
      page(),
    ),
    "routes/broken": route("routes/broken", "broken", "root", {
      loader: async () => {
        throw new TypeError("undefined is not a function");
      },
    }),
  },
} as unknown as ServerBuild;

type Loader = (args: unknown) => Promise<unknown>;

/** Runs `work` as a request would: inside its span, with the record of its matched route. */
function inRequest<T>(work: () => Promise<T>) {
  const matched: MatchedRoute = { depth: -1 };
  return tracer().startActiveSpan("request", async (span) => {
    const result = await context.with(withMatchedRoute(context.active(), matched), work);
    span.end();
    return { result, matched, request: span };
  });
}

describe("Remix loader and action spans", () => {
  it("puts each loader in a span under the request's, and names the request by the deepest route", async () => {
    const traced = traceRemixBuild(build, tracer());
    const leaf = traced.routes["routes/$locale.kategori.$"]?.module.loader as Loader;
    const root = traced.routes.root?.module.loader as Loader;
    // Remix runs the matched routes' loaders at once; the leaf may start first.
    const { result, matched, request } = await inRequest(() => Promise.all([leaf({}), root({})]));
    expect(result).toEqual([{ products: [] }, { market: "SE" }]);
    expect(matched.pattern).toBe("/:locale/kategori/*");
    const spans = exporter.getFinishedSpans().filter((span) => span.name !== "request");
    expect(spans.map((span) => span.name).sort()).toEqual([
      "loader root",
      "loader routes/$locale.kategori.$",
    ]);
    for (const span of spans) {
      expect(span.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    }
    expect(spans.find((span) => span.name === "loader root")?.attributes["http.route"]).toBe("/");
  });

  it("takes a thrown Response as an answer and a thrown error as an error", async () => {
    const traced = traceRemixBuild(build, tracer());
    const action = traced.routes["routes/$locale.kategori.$"]?.module.action as Loader;
    const broken = traced.routes["routes/broken"]?.module.loader as Loader;
    await inRequest(async () => {
      await expect(action({})).rejects.toBeInstanceOf(Response);
      await expect(broken({})).rejects.toThrow(TypeError);
    });
    const byName = Object.fromEntries(exporter.getFinishedSpans().map((span) => [span.name, span]));
    expect(byName["action routes/$locale.kategori.$"]?.status.code).toBe(SpanStatusCode.UNSET);
    expect(byName["loader routes/broken"]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(byName["loader routes/broken"]?.attributes["error.type"]).toBe("TypeError");
  });

  it("leaves routes with neither loader nor action, and the rest of each module, as they were", () => {
    const traced = traceRemixBuild(build, tracer());
    expect(traced.routes["routes/$locale"]).toBe(build.routes["routes/$locale"]);
    const leaf = traced.routes["routes/$locale.kategori.$"];
    expect(leaf?.module.default).toBe(build.routes["routes/$locale.kategori.$"]?.module.default);
    expect(leaf?.module.loader).not.toBe(build.routes["routes/$locale.kategori.$"]?.module.loader);
  });
});
