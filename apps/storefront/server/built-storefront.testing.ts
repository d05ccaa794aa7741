import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import { createApp, type StorefrontServerOptions } from "./app";

const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));

/**
 * The storefront's production build (`pnpm build` first) served by its own app on a free port for
 * the tests of a file, as production serves it (no trusted proxies, no other origins, unless
 * `options` say otherwise). Returns a function that gives its base URL once the file's tests run.
 */
export function withBuiltStorefront(
  options: Partial<Omit<StorefrontServerOptions, "build" | "mode">> = {},
): () => string {
  let server: Server | undefined;
  let url = "";
  beforeAll(async () => {
    if (!existsSync(buildFile)) {
      throw new Error(`${buildFile} is missing: build the storefront first`);
    }
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    server = createServer(
      createApp({
        build,
        mode: "production",
        trustedProxies: [],
        allowedOrigins: [],
        ...options,
      }),
    );
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
  });
  return () => url;
}
