import { describe, expect, it } from "vitest";
import { tracingRequested } from "./tracing-requested";

describe("whether traces are asked for", () => {
  it("is an OTLP endpoint, of all signals or of traces, unless the SDK is disabled", () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" }),
    ).toBe(true);
    expect(
      tracingRequested({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
        OTEL_SDK_DISABLED: " TRUE ",
      }),
    ).toBe(false);
  });
});
