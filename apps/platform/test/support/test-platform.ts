import { DEVELOPMENT_SESSION_SECRET } from "../../src/config.js";
import type { Database } from "../../src/db/open-database.js";
import { seed } from "../../src/seed/seed.js";
import { serve } from "../../src/server.js";
import { createTestDatabase } from "./test-database.js";

export interface ApiResponse<Body = unknown> {
  status: number;
  headers: Headers;
  body: Body;
  text: string;
}

export interface TestPlatform {
  url: string;
  db: Database;
  kind: "postgres" | "pglite";
  sessionSecret: string;
  /** Calls the running server; `body` is sent as JSON unless it is a string (sent as is). */
  request<Body = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<Body>>;
  close(): Promise<void>;
}

/**
 * The real HTTP server on port 0 over a fresh, migrated and seeded database (PGlite in memory, or
 * a new PostgreSQL database when DATABASE_URL is set). One per test file: PGlite takes seconds.
 */
export async function startTestPlatform(): Promise<TestPlatform> {
  const database = await createTestDatabase();
  await database.handle.migrate();
  await seed(database.handle.db);
  const sessionSecret = DEVELOPMENT_SESSION_SECRET;
  const server = await serve({
    db: database.handle.db,
    config: { sessionSecret },
    port: 0,
    host: "127.0.0.1",
  });

  return {
    url: server.url,
    db: database.handle.db,
    kind: database.kind,
    sessionSecret,
    async request<Body>(
      method: string,
      path: string,
      options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ): Promise<ApiResponse<Body>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.body !== undefined) {
        headers["content-type"] ??= "application/json";
        body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      }
      const response = await fetch(`${server.url}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get("content-type")?.includes("application/json")) {
        parsed = JSON.parse(text);
      }
      return { status: response.status, headers: response.headers, body: parsed as Body, text };
    },
    async close() {
      await server.close();
      await database.dispose();
    },
  };
}

/** Object keys, sorted: for checking that an answer has exactly the fields of a wire type. */
export function keysOf(value: unknown): string[] {
  return Object.keys(value as object).sort();
}
