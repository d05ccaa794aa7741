import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../src/jobs/job-queue.js";
import { createJobHandlers, startWorker } from "../src/jobs/worker.js";
import { createPlatformMetrics } from "../src/metrics/platform-metrics.js";
import { captureLogs } from "./support/log-capture.js";
import { createTestClock } from "./support/test-clock.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/** `/metrics` (ADR 0039): Prometheus text, for this machine, the listed scrapers or the token. */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** The value of one sample (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text: await response.text(),
  };
}

describe("/metrics", () => {
  it("times requests by route pattern, method and status, in Prometheus text", async () => {
    for (const id of ["a-1", "b-2", "c-3"]) {
      await platform.request("GET", `/media/company-files/${id}/x.png`);
    }
    const { status, type, text } = await scrape(platform.url);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const counted = text
      .split("\n")
      .filter(
        (line) =>
          line.startsWith("kassa_platform_http_request_duration_seconds_count{") &&
          line.includes('route="/media/company-files/:'),
      );
    // One series for the three files: the pattern, never the URL.
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatch(/method="GET"/);
    expect(counted[0]).toMatch(/status="\d{3}"/);
    expect(Number(counted[0]?.split(" ").at(-1))).toBe(3);
    expect(text).not.toContain("a-1");
    expect(text).toContain('kassa_platform_http_request_duration_seconds_bucket{le="0.005"');
    // The process's own figures.
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });

  it("shows the database connections", async () => {
    const { text } = await scrape(platform.url);
    if (platform.kind === "postgres") {
      expect(sample(text, 'kassa_platform_db_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'kassa_platform_db_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'kassa_platform_db_connections{state="waiting"}')).toBe(0);
    } else {
      expect(sample(text, 'kassa_platform_db_connections{state="total"}')).toBe(1);
    }
  });

  it("counts the job queue's waiting jobs and the failed tries", async () => {
    const db = platform.db;
    const metrics = createPlatformMetrics(db);
    const before = await metrics.render();
    expect(
      sample(before.text, 'kassa_platform_jobs{queue="walley-notification",state="created"}'),
    ).toBe(0);
    expect(
      sample(before.text, 'kassa_platform_job_failures_total{queue="walley-notification"}'),
    ).toBe(0);

    await enqueue(db, "walley-notification", { url: "https://walley.test/1" });
    await enqueue(db, "walley-notification", { url: "https://walley.test/2" });
    const waiting = await metrics.render();
    expect(
      sample(waiting.text, 'kassa_platform_jobs{queue="walley-notification",state="created"}'),
    ).toBe(2);

    const handlers = createJobHandlers();
    handlers.registerHandler("walley-notification", async () => {
      throw new Error("the notification URI refused");
    });
    const worker = await startWorker({
      db,
      handlers,
      clock: createTestClock().clock,
      pollMs: 0,
      metrics,
    });
    const log = captureLogs("silent");
    try {
      expect(await worker.runDueJobs()).toBe(2);
    } finally {
      log.stop();
      await worker.stop();
    }
    const after = await metrics.render();
    expect(
      sample(after.text, 'kassa_platform_job_failures_total{queue="walley-notification"}'),
    ).toBe(2);
    // Both wait for their retry now.
    expect(
      sample(after.text, 'kassa_platform_jobs{queue="walley-notification",state="created"}'),
    ).toBe(0);
    expect(
      sample(after.text, 'kassa_platform_jobs{queue="walley-notification",state="retry"}'),
    ).toBe(2);
  });
});

describe("who may read /metrics", () => {
  const token = "metrics-token-for-the-scraper-0123456789";

  it("is this machine, unless the caller came through a proxy", async () => {
    expect((await scrape(platform.url)).status).toBe(200);
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const refused = await scrape(platform.url, { [header]: "203.0.113.9" });
      expect(refused.status, header).toBe(404);
      expect(refused.text).not.toContain("kassa_platform");
    }
  });

  it("is a caller from a listed network, or one with the token", async () => {
    // The proxy header takes loopback's own right away, so only the setting can open the page.
    const forwarded = { "x-forwarded-for": "203.0.113.9" };
    const listed = await platform.serveAgain({ config: { metricsAllowed: ["127.0.0.0/8"] } });
    expect((await scrape(listed.url, forwarded)).status).toBe(200);
    const other = await platform.serveAgain({ config: { metricsAllowed: ["192.0.2.0/24"] } });
    expect((await scrape(other.url, forwarded)).status).toBe(404);

    const withToken = await platform.serveAgain({ config: { metricsToken: token } });
    const bearer = (value: string) => ({ ...forwarded, authorization: `Bearer ${value}` });
    expect((await scrape(withToken.url, bearer(token))).status).toBe(200);
    expect((await scrape(withToken.url, bearer(`${token}x`))).status).toBe(404);
    expect((await scrape(withToken.url, forwarded)).status).toBe(404);
  });
});
