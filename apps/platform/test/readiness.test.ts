import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { completeConfig, DEVELOPMENT_SESSION_SECRET } from "../src/config.js";
import type { Database } from "../src/db/database.js";
import { serve } from "../src/server.js";
import { captureLogs } from "./support/log-capture.js";
import { startTestPlatform, type TestPlatform } from "./support/test-platform.js";

/** `/readyz` (API.md): ready while the database answers and the process is not stopping. */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** The app over a database that fails or never answers, called without a server. */
function appOver(execute: () => Promise<unknown>) {
  const db = { execute } as unknown as Database;
  const config = completeConfig(
    { sessionSecret: DEVELOPMENT_SESSION_SECRET },
    "http://platform.test",
  );
  return createApp({ db, config });
}

describe("/readyz", () => {
  it("answers 200 while the database answers", async () => {
    const response = await fetch(`${platform.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when the database refuses, and /health stays 200", async () => {
    const app = appOver(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")));
    const log = captureLogs("silent");
    try {
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, reason: "database unreachable" });
      expect((await app.request("/health")).status).toBe(200);
    } finally {
      log.stop();
    }
  });

  it("answers 503 within its deadline when the database does not answer at all", async () => {
    const app = appOver(() => new Promise(() => {}));
    const response = await app.request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, reason: "database unreachable" });
  });

  it("answers 503 once the process is shutting down", async () => {
    const readiness = { shuttingDown: false };
    const server = await serve({
      db: platform.db,
      config: { sessionSecret: DEVELOPMENT_SESSION_SECRET },
      readiness,
      port: 0,
      host: "127.0.0.1",
    });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      readiness.shuttingDown = true;
      const response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, reason: "shutting down" });
    } finally {
      await server.close();
    }
  });
});
