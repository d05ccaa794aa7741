import { defineConfig } from "tsup";

/**
 * The storefront's HTTP server (`server/main.ts`) for production: `node build/express/main.js`.
 * Packages stay imports (they are installed beside it); the app modules it shares with the routes
 * (configuration, language) are bundled in.
 */
export default defineConfig({
  entry: { main: "server/main.ts" },
  outDir: "build/express",
  format: ["esm"],
  platform: "node",
  target: "node20",
  sourcemap: true,
  clean: true,
  skipNodeModulesBundle: true,
  external: ["vite"],
});
