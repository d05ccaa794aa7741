/**
 * Whether the environment asks for traces (ADR 0043): an OTLP endpoint (or its traces-only form),
 * and the SDK not disabled. Its own entry, importing nothing, so that a server asks this without
 * loading OpenTelemetry; `./tracing` is imported only when the answer is yes.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim(),
  );
}
