import { defineConfig } from "tsup";

// Three entry points: the server, the seed command and the test helper other packages import.
// Migrations stay in `drizzle/` beside package.json (found from the package root at run time), so
// the built files and the sources read the same SQL.
export default defineConfig({
  entry: ["src/main.ts", "src/seed-cli.ts", "src/testing.ts"],
  format: ["esm"],
  dts: { entry: ["src/testing.ts"] },
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
});
