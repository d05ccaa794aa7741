import { defineConfig } from "vitest/config";

// Each API test file opens its own database, a copy of the run's seeded one (made once by the
// global setup; see docs/testing.md, "Databases in tests"). A few files still seed their own, which
// takes several seconds on two cores, so hooks get a generous timeout.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // A bound against a hang, not a measure: beside the browser tests, at a lower priority, a
    // test of a few seconds can take many times that.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One process runs file after file with the modules it loaded (the app, drizzle, PGlite's
    // loader), instead of a new process loading them all again for each of 73 files: the suite
    // took 455 s alone and 10.9 min of CPU, now 207 s and 4.5 min (ADR 0036). Files stay apart in
    // what matters: each has its own database, server and clock, and `password-cost.ts` runs again
    // before each. A file that mocks a module loads the app again after `vi.resetModules()`.
    isolate: false,
    // Password hashes at a test cost (ADR 0035); `src/main.ts` always hashes at the standard one.
    setupFiles: ["test/support/password-cost.ts"],
    globalSetup: ["test/support/global-setup.ts"],
  },
});
