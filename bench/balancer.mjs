#!/usr/bin/env node
// A small round-robin HTTP balancer for the benchmarks: what a load balancer in front of several
// platform processes does, on loopback. Each request goes to the next upstream in turn over
// undici's keep-alive connection pools (a plain turn, rather than undici's BalancedPool, whose
// weights shift with errors: here each platform gets exactly its share, and the counts say so).
// Bodies stream both ways, so the platform's cache-tag stream (server-sent events) passes too.
//
//   node bench/balancer.mjs --port 5701 --upstreams http://127.0.0.1:4701,http://127.0.0.1:4702
//
// GET /balancer/health answers "ok"; GET /balancer/stats the requests sent to each upstream.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = join(fileURLToPath(import.meta.url), "../..");
const require = createRequire(join(root, "apps/storefront/package.json"));
const { Pool } = require("undici");

/** Headers of one connection, not of the message (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "host",
]);

function endToEnd(headers) {
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}

/** Starts the balancer; answers its URL and `close()`. */
export function startBalancer({ port, host = "127.0.0.1", upstreams }) {
  // No time limits: the cache-tag stream stays open for as long as the storefront runs.
  const pools = upstreams.map(
    (upstream) =>
      new Pool(upstream, { headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: 30_000 }),
  );
  const sent = upstreams.map(() => 0);
  let turn = 0;

  const server = createServer(async (req, res) => {
    if (req.url === "/balancer/health") return res.end("ok");
    if (req.url === "/balancer/stats") {
      res.setHeader("content-type", "application/json");
      return res.end(
        JSON.stringify(upstreams.map((upstream, i) => ({ upstream, requests: sent[i] }))),
      );
    }
    const index = turn++ % pools.length;
    sent[index] += 1;
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    try {
      const answer = await pools[index].request({
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), "x-forwarded-for": forwardedFor },
        body: req.method === "GET" || req.method === "HEAD" ? null : req,
      });
      res.writeHead(answer.statusCode, endToEnd(answer.headers));
      pipeline(answer.body, res, () => {});
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`balancer: ${upstreams[index]}: ${error.message}`);
      } else res.destroy();
    }
  });
  // Keep-alive connections from the storefront and the shoppers, as a real balancer keeps them.
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) => {
    server.listen(port, host, () =>
      resolve({
        url: `http://${host}:${port}`,
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
          await Promise.all(pools.map((pool) => pool.close()));
        },
      }),
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { port: { type: "string" }, host: { type: "string" }, upstreams: { type: "string" } },
  });
  const upstreams = (values.upstreams ?? "").split(",").filter(Boolean);
  if (!values.port || upstreams.length === 0) {
    console.error("usage: balancer.mjs --port <port> --upstreams <url>,<url>…");
    process.exit(2);
  }
  const balancer = await startBalancer({ port: Number(values.port), host: values.host, upstreams });
  console.error(`balancing ${balancer.url} over ${upstreams.join(", ")}`);
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => balancer.close().then(() => process.exit(0)));
  }
}
