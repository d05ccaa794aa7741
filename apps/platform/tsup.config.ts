import { defineConfig } from "tsup";

// Four entry points: the server, the seed command, the test helper other packages import, and the
// worker thread that sanitises SVG uploads, which the server starts from `dist/svg-worker.js`
// (named here so it lands beside the others, where `sanitise-svg-apart.ts` looks for it).
// Migrations stay in `drizzle/` beside package.json (found from the package root at run time), so
// the built files and the sources read the same SQL.
export default defineConfig({
  entry: {
    main: "src/main.ts",
    "seed-cli": "src/seed-cli.ts",
    testing: "src/testing.ts",
    "svg-worker": "src/modules/media/svg-worker.ts",
  },
  format: ["esm"],
  // Without `composite` (set for the root `tsc -b`), which the declaration bundler rejects (TS6307).
  dts: { entry: ["src/testing.ts"], compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
});
