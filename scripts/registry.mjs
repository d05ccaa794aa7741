// A throwaway npm registry for the package checks: Verdaccio (a pinned root devDependency) on
// 127.0.0.1, on the first free port in 4873-4899, with its config, storage and users in a fresh
// temp folder that `stop()` deletes. It serves `@kassa/*` from its own storage only and has no
// uplink at all, so a scratch app points just the `@kassa` scope at it
// (`@kassa:registry=<url>` in its .npmrc) and takes everything else from the npm registry with
// npm's cache. Each run serves under a path of its own (`/run-<random>/`), so npm never answers
// from metadata it cached from an earlier run's registry (pnpm files its metadata cache by host
// and port only: scripts/consumer/app.mjs gives pnpm a cache of its own).
// A user is signed up over the registry's API to get a token for `npm publish`.
//
// Run alone, `node scripts/registry.mjs`, it starts a registry and prints its URL and token until
// Ctrl-C.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild } from "./consumer/util.mjs";

const PORTS = { first: 4873, last: 4899 };

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

async function freePort() {
  for (let port = PORTS.first; port <= PORTS.last; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last} for the registry`);
}

/**
 * Starts Verdaccio and signs up a user. Resolves to `{ url, host, token, dir, stop }`: `url` ends
 * with a slash, `host` is the `//127.0.0.1:PORT/run-…/` key npm's auth settings use.
 */
export async function startRegistry({ quiet = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "kassa-registry-"));
  const port = await freePort();
  const prefix = `/run-${randomBytes(4).toString("hex")}/`;
  const url = `http://127.0.0.1:${port}${prefix}`;
  const config = join(dir, "config.yaml");
  writeFileSync(
    config,
    `storage: ${JSON.stringify(join(dir, "storage"))}
url_prefix: ${JSON.stringify(prefix)}
auth:
  htpasswd:
    file: ${JSON.stringify(join(dir, "htpasswd"))}
    max_users: 10
uplinks: {}
packages:
  "@kassa/*":
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  "**":
    access: $all
    publish: $authenticated
web:
  enable: false
log:
  type: stdout
  format: pretty
  level: ${quiet ? "error" : "http"}
`,
  );
  // Verdaccio mounts its routes at the root whatever `url_prefix` says (it only writes the prefix
  // into the tarball URLs), so a child process of this script serves it behind the prefix.
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), "--serve", config, String(port), prefix],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    if (!quiet) process.stdout.write(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));

  let stopped = false;
  /** Stops Verdaccio; deletes its folder unless `keep` (then its storage holds the tarballs). */
  const stop = async ({ keep = false } = {}) => {
    if (stopped) return;
    stopped = true;
    await stopChild(child, exited, 5_000);
    if (keep) console.log(`  kept the registry's storage in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Verdaccio exited:\n${output}`);
      try {
        if ((await fetch(`${url}-/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 30_000) throw new Error(`Verdaccio did not answer:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const name = "kassa-release";
    const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name,
        password: randomBytes(12).toString("hex"),
        type: "user",
        roles: [],
        date: new Date().toISOString(),
      }),
    });
    const body = await response.json();
    if (!response.ok || !body.token) {
      throw new Error(`signing up on the registry failed: ${JSON.stringify(body)}`);
    }
    return { url, host: url.replace(/^http:/, ""), token: body.token, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The child process: Verdaccio's app behind `prefix` on 127.0.0.1:`port`. */
async function serve(config, port, prefix) {
  const { runServer } = await import("verdaccio");
  const verdaccio = await runServer(config);
  const [app] = verdaccio.listeners("request");
  const server = createHttpServer((request, response) => {
    if (request.url.startsWith(prefix)) {
      request.url = request.url.slice(prefix.length - 1);
      app(request, response);
    } else {
      response.writeHead(404).end();
    }
  });
  server.listen(Number(port), "127.0.0.1");
  process.once("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === "--serve") {
    await serve(...process.argv.slice(3, 6));
  } else {
    const registry = await startRegistry({ quiet: false });
    console.log(`Registry: ${registry.url}\nToken: ${registry.token}\nCtrl-C stops it.`);
    const shutdown = () => registry.stop().then(() => process.exit(0));
    process.once("SIGINT", shutdown);
    process.once("SIGTERM", shutdown);
  }
}
