// `node --import ./server/opentelemetry-imports.testing.mjs …`: writes the URL of every
// OpenTelemetry module the process imports, one a line, to the file named by
// KASSA_OPENTELEMETRY_IMPORTS (traces.test.ts). The hooks run on the loader's own thread.
import { register } from "node:module";

register("./opentelemetry-imports-hooks.testing.mjs", import.meta.url, {
  data: { file: process.env.KASSA_OPENTELEMETRY_IMPORTS },
});
