import { defaultDataDir } from "./package-root.js";

export interface PlatformConfig {
  /** Base of absolute URLs the platform hands out (product and category images). */
  publicUrl: string;
  /** HS256 key of shopper session tokens. */
  sessionSecret: string;
}

export interface ServerConfig extends PlatformConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when unset the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  dataDir: string;
}

/** Used outside production only, so that `pnpm dev` and tests work without setup. */
export const DEVELOPMENT_SESSION_SECRET =
  "kassa-development-session-secret-do-not-use-in-production";

type Env = Record<string, string | undefined>;

export function readServerConfig(env: Env = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  const host = env.HOST || "localhost";
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    sessionSecret: readSessionSecret(env),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || defaultDataDir(),
  };
}

function parsePort(value: string | undefined): number {
  if (!value) return 4000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${value}"`);
  }
  return port;
}

function readSessionSecret(env: Env): string {
  const secret = env.SESSION_SECRET;
  if (secret) return secret;
  // A known default would let anyone forge shopper tokens on a public shop.
  if (env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET must be set when NODE_ENV=production");
  }
  return DEVELOPMENT_SESSION_SECRET;
}
