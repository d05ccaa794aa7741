import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
      environment: "node",
      // Suites start a real platform: a copy of the seeded database the global setup prepares once
      // per run (about a second to open; the first seed of a platform build takes several).
      testTimeout: 30_000,
      hookTimeout: 60_000,
      globalSetup: ["app/test-support/global-setup.ts"],
    },
  }),
);
