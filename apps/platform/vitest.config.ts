import { defineConfig } from "vitest/config";

// Each API test file opens its own database, a copy of the run's seeded one (made once by the
// global setup; see docs/testing.md, "Databases in tests"). A few files still seed their own, which
// takes several seconds on two cores, so hooks get a generous timeout.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Password hashes at a test cost (ADR 0035); `src/main.ts` always hashes at the standard one.
    setupFiles: ["test/support/password-cost.ts"],
    globalSetup: ["test/support/global-setup.ts"],
  },
});
