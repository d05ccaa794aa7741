// A fresh, seeded platform for one browser-test run: in-memory database, gone when it stops.
import { startPlatform } from "@kassa/platform/testing";

const platform = await startPlatform({
  port: Number(process.env.PORT ?? 4100),
  storefrontUrl: process.env.STOREFRONT_URL,
  paymentProviders: process.env.KASSA_PAYMENT_PROVIDERS,
});
console.log(`platform for e2e at ${platform.url}`);
const stop = async () => {
  await platform.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
