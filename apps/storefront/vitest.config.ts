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
      pool: "forks",
      // One process runs file after file with the modules it loaded (React, Remix, the app, the
      // platform) instead of a new process loading them all again for each of 62 files: the suite
      // took 107-116 s alone and 1.8-2 min of CPU, now 64-70 s and 0.7-0.9 min (ADR 0036). Files
      // stay apart in what matters: each starts its own platform on its own port, and
      // `each-file.ts` runs before each: the environment a file changed is put back when it ends
      // and the configuration is read again (`forgetConfig`), with what is made from it.
      isolate: false,
      setupFiles: ["app/test-support/each-file.ts"],
    },
  }),
);
