import { startPlatform } from "@kassa/platform/testing";
import { afterAll, beforeAll } from "vitest";
import { stopCacheTagSource } from "~/modules/cache/cache-tag-source.server";
import { forgetConfig } from "~/modules/http/config.server";

type StartedPlatform = Awaited<ReturnType<typeof startPlatform>>;

/** The origin the route tests' requests come to (`browser.ts`): the storefront the platform knows. */
const TEST_STOREFRONT_URL = "http://storefront.test";

/** Points every backend setting of the storefront (`KASSA_*_API_URL`) at one platform. */
export function pointApisAt(url: string): void {
  for (const name of [
    "KASSA_SHOPPER_API_URL",
    "KASSA_PRODUCT_API_URL",
    "KASSA_ACCOUNT_API_URL",
    "KASSA_ORDER_API_URL",
    "KASSA_MEDIA_API_URL",
    "KASSA_MARKETING_API_URL",
  ]) {
    process.env[name] = url;
  }
}

/**
 * A real, seeded platform for one test file, with the storefront's settings pointed at it. Call at
 * the top of the file; the answer gives the running platform inside tests. The platform takes
 * provider URLs on the tests' storefront origin only, as a deployment takes its storefront's.
 */
export function withPlatform(
  options: Parameters<typeof startPlatform>[0] = {},
): () => StartedPlatform {
  let platform: StartedPlatform | undefined;
  beforeAll(async () => {
    platform = await startPlatform({ storefrontUrl: TEST_STOREFRONT_URL, ...options });
    pointApisAt(platform.url);
    process.env.SESSION_SECRET = "storefront-test-secret-0123456789";
    // The shop's links (the providers' return URLs among them) on the origin the platform knows.
    process.env.KASSA_PUBLIC_ORIGIN = TEST_STOREFRONT_URL;
    // Route tests are about what a call answers, not how fast, on a machine other suites load:
    // a minute for every kind of call (ADR 0041), unless the file set its own (the tests of the
    // deadlines themselves do).
    for (const kind of ["READ", "WRITE", "PAYMENT", "UPLOAD"]) {
      process.env[`KASSA_DEADLINE_${kind}_MS`] ??= "60000";
    }
    // Read at the next use: an earlier file in this process may have read its own.
    forgetConfig();
  });
  afterAll(async () => {
    // Stop following this platform's cache-tag stream before it goes (`each-file.ts` resets the rest).
    stopCacheTagSource();
    await platform?.close();
  });
  return () => {
    if (!platform) throw new Error("The platform is not started yet (use it inside a test)");
    return platform;
  };
}
