import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PlatformErrorBody, WalleyCheckout } from "@kassa/api-client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentSessions } from "../src/db/schema.js";
import { enqueue } from "../src/jobs/job-queue.js";
import { platformJobHandlers } from "../src/jobs/platform-jobs.js";
import { type JobWorker, startWorker } from "../src/jobs/worker.js";
import { outboundFetchOf } from "../src/outbound/configured-outbound.js";
import { cartWith, pay, SHOPPER, startedCheckout } from "./support/checkout-flow.js";
import { passQueueTime, storedJobs } from "./support/job-queue.js";
import {
  requestTo,
  startTestPlatform,
  TEST_STOREFRONT_URL,
  type TestPlatform,
} from "./support/test-platform.js";

/**
 * Issue 28, SSRF through the shopper API: `POST /shopper-walley/checkouts` took `notificationUri`
 * from the shopper's call, and after a sandbox payment the job worker POSTed to
 * `http://127.0.0.1:<port>/…` three times. Here a listener on loopback stands for a service of the
 * platform's own network; it must hear nothing, whatever the shopper sends.
 */
let platform: TestPlatform;
let internal: Server;
let internalUrl: string;
let heard: string[] = [];
let worker: JobWorker;

const ALL_PROVIDERS = ["KlarnaCheckout", "QliroOne", "WalleyCheckout", "Adyen", "Avarda"] as const;

beforeAll(async () => {
  platform = await startTestPlatform({
    config: { paymentProviders: { "*:*": [...ALL_PROVIDERS] } },
  });
  internal = createServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.end("internal");
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  // The worker as `main.ts` runs it: outbound calls by the platform's configuration.
  worker = await startWorker({
    db: platform.db,
    clock: platform.clock.clock,
    pollMs: 0,
    handlers: platformJobHandlers({
      outbound: outboundFetchOf({
        publicUrl: platform.url,
        storefrontOrigins: [TEST_STOREFRONT_URL],
        outboundAllowedNetworks: [],
      }),
    }),
  });
});

afterAll(async () => {
  await worker?.stop();
  internal?.closeAllConnections();
  await new Promise((resolve) => internal?.close(resolve));
  await platform?.close();
});

beforeEach(() => {
  heard = [];
});

const PAGES = {
  terms: `${TEST_STOREFRONT_URL}/kopvillkor/`,
  checkout: `${TEST_STOREFRONT_URL}/checkout`,
  confirmation: `${TEST_STOREFRONT_URL}/checkout/confirmation?provider=x`,
};

async function checkoutToken(provider: (typeof ALL_PROVIDERS)[number]) {
  return (await startedCheckout(platform, await cartWith(platform), provider)).token;
}

function walley(token: string, body: Record<string, unknown>) {
  return platform.request<WalleyCheckout & PlatformErrorBody>("POST", "/shopper-walley/checkouts", {
    token,
    body: { merchantTermsUri: PAGES.terms, redirectPageUri: PAGES.confirmation, ...body },
  });
}

/** Runs every Walley notification job now, the ones due in 5 and 10 s included. */
async function runNotificationJobs() {
  await passQueueTime(platform.db, 60);
  await worker.runDueJobs();
}

describe("Walley's notification URI", () => {
  it("is refused from a shopper's call, and the worker calls only the platform's own", async () => {
    const token = await checkoutToken("WalleyCheckout");
    for (const field of ["notificationUri", "validationUri"]) {
      const refused = await walley(token, { [field]: `${internalUrl}/hook` });
      expect(refused.status, field).toBe(400);
      expect(refused.body.errors).toEqual([
        `${field}: is set by the platform's configuration, not by the shopper API`,
      ]);
    }

    const created = await walley(token, {});
    expect(created.status).toBe(201);
    const own = `${platform.url}/shopper-walley/notifications?privateId=${created.body.privateId}`;
    expect(created.body.notificationUri).toBe(own);
    // A session stored by an older version with the shopper's URL: the URL is never used.
    const [stored] = await platform.db
      .select()
      .from(paymentSessions)
      .where(eq(paymentSessions.reference, created.body.privateId));
    await platform.db
      .update(paymentSessions)
      .set({ urls: { ...stored?.urls, notification: `${internalUrl}/hook` } })
      .where(eq(paymentSessions.reference, created.body.privateId));

    expect((await pay(created.body.hostedCheckoutUrl, SHOPPER)).status).toBe(303);
    const queued = (await storedJobs(platform.db, "walley-notification")).filter((job) =>
      String(job.data.url).includes(created.body.privateId),
    );
    expect(queued.map((job) => job.data.url)).toEqual([own, own, own]);
    await runNotificationJobs();
    // The platform's own URL (its configured public URL, on 127.0.0.1 here) is reached: a
    // configured origin still works.
    const done = (await storedJobs(platform.db, "walley-notification")).filter((job) =>
      String(job.data.url).includes(created.body.privateId),
    );
    expect(done.map((job) => job.state)).toEqual(["completed", "completed", "completed"]);
    expect(heard).toEqual([]);
  });

  it("a queued call to a private address, by number or by a name that resolves to one, is refused when connecting", async () => {
    const port = new URL(internalUrl).port;
    const urls = [
      `${internalUrl}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
    ];
    for (const url of urls) await enqueue(platform.db, "walley-notification", { url });
    await runNotificationJobs();
    const jobs = (await storedJobs(platform.db, "walley-notification")).filter((job) =>
      urls.includes(String(job.data.url)),
    );
    expect(jobs.map((job) => job.state)).toEqual(["retry", "retry", "retry"]);
    expect(heard).toEqual([]);
  });
});

describe("the URLs a shopper's call gives a provider", () => {
  it("must be pages of the shop's configured origins, for every provider", async () => {
    const foreign = [
      `${internalUrl}/`,
      "https://evil.example/checkout/confirmation",
      "http://storefront.test@evil.example/",
      "http://storefront.test.evil.example/",
      "https://storefront.test/",
    ];
    type Attempt = [
      provider: (typeof ALL_PROVIDERS)[number],
      path: string,
      body: (url: string) => object,
    ];
    const attempts: Attempt[] = [
      [
        "KlarnaCheckout",
        "/shopper-kco/orders",
        (url) => ({ merchant_urls: { ...PAGES, confirmation: url } }),
      ],
      [
        "KlarnaCheckout",
        "/shopper-kco/orders",
        (url) => ({ merchant_urls: { ...PAGES, terms: url } }),
      ],
      [
        "QliroOne",
        "/shopper-qliro/checkouts",
        (url) => ({ MerchantConfirmationUrl: url, MerchantTermsUrl: PAGES.terms }),
      ],
      [
        "QliroOne",
        "/shopper-qliro/checkouts",
        (url) => ({
          MerchantConfirmationUrl: PAGES.confirmation,
          MerchantTermsUrl: PAGES.terms,
          MerchantIntegrityPolicyUrl: url,
        }),
      ],
      [
        "WalleyCheckout",
        "/shopper-walley/checkouts",
        (url) => ({ merchantTermsUri: PAGES.terms, redirectPageUri: url }),
      ],
      ["Adyen", "/shopper-adyen/sessions", (url) => ({ returnUrl: url })],
      [
        "Avarda",
        "/shopper-avarda/payments",
        (url) => ({ redirectUrl: url, termsUrl: PAGES.terms }),
      ],
      [
        "Avarda",
        "/shopper-avarda/payments",
        (url) => ({ redirectUrl: PAGES.confirmation, termsUrl: PAGES.terms, checkoutUrl: url }),
      ],
    ];
    for (const [provider, path, body] of attempts) {
      const token = await checkoutToken(provider);
      for (const url of foreign) {
        const answer = await platform.request<PlatformErrorBody>("POST", path, {
          token,
          body: body(url),
        });
        expect({ path, url, status: answer.status }).toEqual({ path, url, status: 400 });
        expect(answer.body.errors?.[0]).toMatch(
          /: must be a page of the shop \(http:\/\/storefront\.test\)$/,
        );
      }
      const good = await platform.request("POST", path, { token, body: body(PAGES.confirmation) });
      expect({ path, status: good.status }).toEqual({ path, status: 201 });
    }
  });

  it("never include the calls a provider makes to the merchant (Klarna's push, Qliro's status push)", async () => {
    const klarna = await platform.request<PlatformErrorBody>("POST", "/shopper-kco/orders", {
      token: await checkoutToken("KlarnaCheckout"),
      body: { merchant_urls: { ...PAGES, push: `${internalUrl}/push` } },
    });
    expect(klarna.status).toBe(400);
    expect(klarna.body.errors).toEqual([
      "merchant_urls.push: is set by the platform's configuration, not by the shopper API",
    ]);
    const qliro = await platform.request<PlatformErrorBody>("POST", "/shopper-qliro/checkouts", {
      token: await checkoutToken("QliroOne"),
      body: {
        MerchantConfirmationUrl: PAGES.confirmation,
        MerchantTermsUrl: PAGES.terms,
        MerchantCheckoutStatusPushUrl: `${internalUrl}/push`,
      },
    });
    expect(qliro.status).toBe(400);
    expect(qliro.body.errors).toEqual([
      "MerchantCheckoutStatusPushUrl: is set by the platform's configuration, not by the shopper API",
    ]);
  });

  it("may be on any origin KASSA_STOREFRONT_ORIGINS lists", async () => {
    const other = await platform.serveAgain({
      config: {
        paymentProviders: { "*:*": [...ALL_PROVIDERS] },
        storefrontOrigins: [TEST_STOREFRONT_URL, "https://www.shop.example"],
      },
    });
    const request = requestTo(other.url);
    const token = (await startedCheckout({ request }, await cartWith({ request }), "Adyen")).token;
    const answer = await request("POST", "/shopper-adyen/sessions", {
      token,
      body: { returnUrl: "https://www.shop.example/checkout/confirmation?provider=adyen" },
    });
    expect(answer.status).toBe(201);
  });
});
