import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
      environment: "node",
      // Suites start a real platform (PGlite takes a few seconds to open).
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  }),
);
