import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resources } from "@kassa/i18n";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const routesDir = fileURLToPath(new URL("./app/routes/", import.meta.url));

/**
 * Whether a chunk is the browser's part of a resource route (`healthz`, `logout`, `market`, …:
 * a loader or an action and no component). Remix builds a client chunk for every route, and a
 * resource route's is empty by design; any other empty chunk (a type-only or server-only module
 * that reached the client) still warns.
 */
function isResourceRouteChunk(name: string): boolean {
  const file = [".tsx", ".ts", "/route.tsx", "/route.ts"]
    .map((ending) => `${routesDir}${name}${ending}`)
    .find((candidate) => existsSync(candidate));
  return file !== undefined && !/^export default\b/m.test(readFileSync(file, "utf8"));
}

/** The version in the translations' address (`app/modules/http/translations.ts`). */
const translationsVersion = createHash("sha256")
  .update(JSON.stringify(resources))
  .digest("hex")
  .slice(0, 12);

export default defineConfig({
  define: { __KASSA_TRANSLATIONS_VERSION__: JSON.stringify(translationsVersion) },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [
    tailwindcss(),
    // The Remix plugin must not run under vitest (STACK.md).
    !process.env.VITEST &&
      remix({
        // Route tests live beside their routes.
        ignoredRouteFiles: ["**/*.test.{ts,tsx}"],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          // A cold Vite cache otherwise loads two Reacts mid-hydration (STACK.md).
          unstable_optimizeDeps: true,
        },
      }),
  ],
  build: {
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4 prints harmless annotation warnings under Rollup (STACK.md).
        if (warning.code === "INVALID_ANNOTATION") return;
        if (warning.code === "EMPTY_BUNDLE" && warning.names?.every(isResourceRouteChunk)) return;
        warn(warning);
      },
    },
  },
});
