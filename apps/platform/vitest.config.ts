import { defineConfig } from "vitest/config";

// Each API test file opens its own database (PGlite's first start takes 2–6 s on two cores),
// so hooks get a generous timeout.
export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Password hashes at a test cost (ADR 0035); `src/main.ts` always hashes at the standard one.
    setupFiles: ["test/support/password-cost.ts"],
  },
});
