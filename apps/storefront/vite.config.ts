import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
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
        warn(warning);
      },
    },
  },
});
