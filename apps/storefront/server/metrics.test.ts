import { SEED_FIXTURES } from "@kassa/platform/testing";
import { register } from "prom-client";
import { describe, expect, it } from "vitest";
import { withPlatform } from "~/test-support/platform";
import { withBuiltStorefront } from "./built-storefront.testing";
import { reportRenderLine } from "./metrics";

/**
 * `/metrics` (ADR 0042) on the production build (`pnpm build` first) over a real platform, behind
 * loopback as a trusted proxy (as behind Varnish on the machine): Prometheus's text, to loopback
 * and the configured range only, with the request timings by route id, the render line and the
 * data cache's reads, which the Remix build counts into the server's one prom-client registry.
 */
withPlatform();
const { slug } = SEED_FIXTURES.simple;

const storefrontUrl = withBuiltStorefront({
  trustedProxies: ["loopback"],
  requestsAtOnce: 16,
  operations: { metricsAllowed: ["198.51.100.0/24"] },
});

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${storefrontUrl()}/metrics`, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    text: await response.text(),
  };
}

/** The value of one sample (`name{labels} value`), labels in any order; undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
        pair[1],
        pair[2],
      ]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

async function visit(path: string) {
  const response = await fetch(`${storefrontUrl()}${path}`);
  await response.arrayBuffer();
  return response.status;
}

describe("/metrics", () => {
  it("answers Prometheus text to loopback, never to be kept by a cache", async () => {
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.cacheControl).toBe("no-store");
    // Node's own figures, and the render line's.
    expect(sample(answer.text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(answer.text, "nodejs_eventloop_lag_seconds")).toBeDefined();
    expect(sample(answer.text, "kassa_storefront_render_slots")).toBe(16);
    expect(sample(answer.text, "kassa_storefront_render_slots_in_use")).toBe(0);
    expect(sample(answer.text, "kassa_storefront_render_waiting")).toBe(0);
  });

  it("is not there for anyone else, unless their address is in KASSA_METRICS_ALLOWED", async () => {
    // Loopback is a trusted proxy here: the client is the address it forwards.
    const shopper = await scrape({ "x-forwarded-for": "203.0.113.9" });
    expect(shopper.status).toBe(404);
    expect(shopper.cacheControl).toBe("no-store");
    expect(shopper.text).not.toContain("process_cpu");
    const scraper = await scrape({ "x-forwarded-for": "198.51.100.7" });
    expect(scraper.status).toBe(200);
    expect(scraper.text).toContain("http_request_duration_seconds");
  });

  it("times requests by method, Remix route id and status, never by their URL", async () => {
    const route = "routes/$locale.$prefix.$slug";
    const labels = { method: "GET", route, status: "200" };
    const before =
      sample((await scrape()).text, "http_request_duration_seconds_count", labels) ?? 0;
    expect(await visit(`/sv-se/produkt/${slug}`)).toBe(200);
    expect(await visit(`/sv-se/produkt/${slug}.data`)).toBe(200);
    expect(await visit("/sv-se/produkt/no-such-product-4711")).toBe(404);
    expect(await visit("/healthz")).toBe(200);

    const { text } = await scrape();
    expect(sample(text, "http_request_duration_seconds_count", labels)).toBe(before + 2);
    expect(
      sample(text, "http_request_duration_seconds_count", { route, status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "routes/healthz" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      before + 2,
    );
    // The label has as many values as the app has routes: no path of a visit makes its own.
    expect(text).not.toContain(slug);
    expect(text).not.toContain("no-such-product-4711");
  });

  it("counts the data cache's reads, made in the Remix build, in the registry the server answers from", async () => {
    const reads = async () => {
      const { text } = await scrape();
      const read = (result: string) =>
        sample(text, "kassa_storefront_data_cache_reads_total", { result }) ?? Number.NaN;
      return { hit: read("hit"), miss: read("miss") };
    };
    const before = await reads();
    // A product nobody asked for yet in this file: its reads miss first, then hit.
    const other = `/sv-se/produkt/${SEED_FIXTURES.multiVariant.slug}`;
    expect(await visit(other)).toBe(200);
    const afterFirst = await reads();
    expect(afterFirst.miss).toBeGreaterThan(before.miss);
    expect(await visit(other)).toBe(200);
    const afterSecond = await reads();
    expect(afterSecond.hit).toBeGreaterThan(afterFirst.hit);
  });
});

describe("the render line's gauges", () => {
  it("read the line of the app as they are scraped", async () => {
    reportRenderLine(() => ({ atOnce: 4, rendering: 4, waiting: 7, longestWaitMs: 2500 }));
    const text = await register.metrics();
    // Later files in this process make apps of their own, which report their lines.
    reportRenderLine(() => ({ atOnce: 0, rendering: 0, waiting: 0, longestWaitMs: 0 }));
    expect(sample(text, "kassa_storefront_render_slots")).toBe(4);
    expect(sample(text, "kassa_storefront_render_slots_in_use")).toBe(4);
    expect(sample(text, "kassa_storefront_render_waiting")).toBe(7);
    expect(sample(text, "kassa_storefront_render_longest_wait_seconds")).toBe(2.5);
  });
});
