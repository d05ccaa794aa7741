// A fresh, seeded platform for one browser-test run: in-memory database, gone when it stops.
import { startPlatform } from "@kassa/platform/testing";

const platform = await startPlatform({
  port: Number(process.env.PORT ?? 4100),
  storefrontUrl: process.env.STOREFRONT_URL,
  paymentProviders: process.env.KASSA_PAYMENT_PROVIDERS,
  // The token the run's production storefronts send (playwright.config.ts, ADR 0048).
  storefrontTokens: process.env.KASSA_STOREFRONT_TOKENS?.split(","),
  // Every browser of the run comes from 127.0.0.1, unlike real shoppers: the per-address limit of
  // cart session starts (60 in ten minutes) would refuse the run's later carts.
  sessionStartsPerAddress: 10_000,
});
console.log(`platform for e2e at ${platform.url}`);
const stop = async () => {
  await platform.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
