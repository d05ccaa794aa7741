import { defineConfig } from "tsup";

// Four entries, so that a server which only redacts its logs never loads OpenTelemetry: the
// tracing entry is imported (dynamically) only when traces are asked for (`tracing-requested`
// says whether, importing nothing), and the testing entry only by tests. Dependencies stay imports: each app gets one copy of @opentelemetry/api, whose
// global tracer provider is shared by everything in the process.
export default defineConfig({
  entry: ["src/redaction.ts", "src/tracing.ts", "src/tracing-requested.ts", "src/testing.ts"],
  format: ["esm"],
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
});
