import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVELOPMENT_STOREFRONT_TOKEN, STOREFRONT_TOKEN_HEADER } from "@kassa/api-client";
import { Agent } from "undici";
import type { AppDependencies } from "../../src/app.js";
import { DEVELOPMENT_SESSION_SECRET, type PlatformConfig } from "../../src/config.js";
import type { Database, DatabaseHandle } from "../../src/db/open-database.js";
import type { LoginLimits } from "../../src/modules/accounts/login-rate-limit.js";
import { passwordHashCost } from "../../src/modules/accounts/password-hash.js";
import {
  type CacheTagRelay,
  startCacheTagRelay,
} from "../../src/modules/cache-tags/cache-tag-relay.js";
import type { CacheTagStreamOptions } from "../../src/modules/cache-tags/routes.js";
import { diskMediaStore, type MediaStore } from "../../src/modules/media/media-store.js";
import { type RunningServer, serve } from "../../src/server.js";
import { migrateAndSeed } from "../../src/testing/seed-for-tests.js";
import { createTestClock, type TestClock } from "./test-clock.js";
import { copySeededTestDatabase, createTestDatabase, type TestDatabase } from "./test-database.js";

export interface TestPlatformOptions {
  /** Settings other than the session secret (SMTP_URL, the storefront URL, …). */
  config?: Partial<Omit<PlatformConfig, "sessionSecret" | "publicUrl">>;
  loginLimits?: LoginLimits;
  /**
   * The converter (EPS, AI, PostScript → PNG) and its queue instead of Ghostscript and the
   * configured one: a conversion a test holds up, a queue it watches.
   */
  media?: Pick<NonNullable<AppDependencies["media"]>, "convertToPng" | "conversions">;
  /** The `/cache-tags/stream` heartbeat; default 15 s. */
  cacheTagHeartbeatMs?: number;
  /** The stream's bounds: streams at once, a non-reader's backlog and stall (defaults: the app's). */
  cacheTagStream?: Pick<CacheTagStreamOptions, "maxStreams" | "maxBacklogBytes" | "stallMs">;
  /** The address to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * How the database gets its seed. `snapshot` (the default): a copy of the run's seeded database
   * (see docs/testing.md, "Databases in tests"). `fresh`: an empty database migrated and seeded
   * here, for the files about the seed itself (what it stores, `seedIfEmpty`, the cost it hashes
   * at). Both hold the same rows.
   */
  seed?: "snapshot" | "fresh";
}

/** What a test sends with a call to a platform. */
export interface RequestOptions {
  body?: unknown;
  /** Sent as `Authorization: Bearer <token>` (a session, access or management token). */
  token?: string;
  headers?: Record<string, string>;
  /** Send the development storefront token: the call is the shop's own (ADR 0048). */
  storefront?: boolean;
}

/** The settings the test platform runs with unless a test says otherwise. */
export const TEST_STOREFRONT_URL = "http://storefront.test";

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
  /** The platform's clock: tokens and login limits expire when a test moves it. */
  clock: TestClock;
  /** This platform's own folder of company files (removed by `close()`), and its store. */
  mediaDir: string;
  media: MediaStore;
  /** The database's handle (to `listen` on it as another process would). */
  database: DatabaseHandle;
  /** The notices this platform hears (what `/cache-tags/stream` relays). */
  cacheTags: CacheTagRelay;
  /** Another server over the same database, e.g. with production settings. Closed by `close()`. */
  serveAgain(options?: TestPlatformOptions): Promise<RunningServer>;
  /**
   * Calls the running server; `body` is sent as JSON unless it is a string (sent as is).
   * `storefront: true` sends the development storefront token, as the shop's own storefront does
   * (ADR 0048); without it the call is anonymous.
   */
  request<Body = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<Body>>;
  close(): Promise<void>;
}

/**
 * The real HTTP server on port 0 over a database of its own, migrated and seeded (PGlite in memory,
 * or a new PostgreSQL database when DATABASE_URL is set), with a media folder of its own. One per
 * test file.
 */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const mediaDir = await mkdtemp(join(tmpdir(), "kassa-test-media-"));
  const media = diskMediaStore(mediaDir);
  const database =
    (options.seed === "fresh" ? null : await copySeededTestDatabase(mediaDir)) ??
    (await freshlySeeded(media));
  const sessionSecret = DEVELOPMENT_SESSION_SECRET;
  const clock = createTestClock();
  const cacheTags = await startCacheTagRelay({ database: database.handle, log: () => {} });
  const start = (serverOptions: TestPlatformOptions) =>
    serve({
      cacheTags: {
        hub: cacheTags.hub,
        heartbeatMs: serverOptions.cacheTagHeartbeatMs,
        ...serverOptions.cacheTagStream,
      },
      db: database.handle.db,
      config: {
        sessionSecret,
        storefrontUrl: TEST_STOREFRONT_URL,
        devMail: true,
        mediaDir,
        ...serverOptions.config,
      },
      media: { store: media, ...serverOptions.media },
      clock: clock.clock,
      loginLimits: serverOptions.loginLimits,
      port: 0,
      host: serverOptions.host ?? "127.0.0.1",
    });
  const server = await start(options);
  const others: RunningServer[] = [];

  return {
    url: server.url,
    db: database.handle.db,
    kind: database.kind,
    sessionSecret,
    clock,
    mediaDir,
    media,
    cacheTags,
    database: database.handle,
    async serveAgain(serverOptions = {}) {
      const other = await start(serverOptions);
      others.push(other);
      return other;
    },
    request: requestTo(server.url),
    async close() {
      for (const other of others) await other.close();
      await server.close();
      await cacheTags.stop();
      await database.dispose();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** An empty database, migrated and seeded here at the process's password cost. */
async function freshlySeeded(media: MediaStore): Promise<TestDatabase> {
  const database = await createTestDatabase();
  try {
    await migrateAndSeed(database.handle, media, passwordHashCost());
  } catch (error) {
    await database.dispose();
    throw error;
  }
  return database;
}

/** What a test calls a platform with; a platform process of its own answers the same. */
export type PlatformRequest = TestPlatform["request"];

/** Whatever a flow helper needs of a platform to call it: this file's, or a process of its own. */
export type PlatformCaller = Pick<TestPlatform, "request">;

/**
 * A connection per request. The tests run the platform in their own process, and PGlite's queries
 * hold that process's event loop (a bulk seed for seconds): the server's keep-alive timeout then
 * ends an idle connection in the same turn in which fetch takes it for the next request, which
 * fails with "other side closed" or ECONNRESET. A connection that is never reused cannot be taken
 * as it closes.
 */
const connectionPerRequest = new Agent({ pipelining: 0 });

/**
 * Calls the platform at `url`; `body` is sent as JSON unless it is a string (sent as is), and a
 * JSON answer is parsed.
 */
export function requestTo(url: string): PlatformRequest {
  return async <Body>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<Body>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.storefront) headers[STOREFRONT_TOKEN_HEADER] = DEVELOPMENT_STOREFRONT_TOKEN;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body,
      dispatcher: connectionPerRequest,
    } as RequestInit);
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get("content-type")?.includes("application/json")) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, headers: response.headers, body: parsed as Body, text };
  };
}

/** Object keys, sorted: for checking that an answer has exactly the fields of a wire type. */
export function keysOf(value: unknown): string[] {
  return Object.keys(value as object).sort();
}
