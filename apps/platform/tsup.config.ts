import { defineConfig } from "tsup";

// Three entry points: the server, the seed command and the test helper other packages import.
// Migrations stay in `drizzle/` beside package.json (found from the package root at run time), so
// the built files and the sources read the same SQL.
export default defineConfig({
  entry: ["src/main.ts", "src/seed-cli.ts", "src/testing.ts"],
  format: ["esm"],
  // Without `composite` (set for the root `tsc -b`), which the declaration bundler rejects (TS6307).
  dts: { entry: ["src/testing.ts"], compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
});
