import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../app/test-support/logs";
import { pointApisAt } from "../app/test-support/platform";
import { createApp } from "./app";

/**
 * The storefront's answers as a browser gets them, from the real production build (`pnpm build`
 * first) behind the real server, with a stand-in platform that knows nothing (every page degrades
 * to its empty layout): the security headers on pages, error pages and the server's own answers,
 * a page's Content-Security-Policy against the scripts it carries (ADR 0032), and a client's
 * forwarding headers kept out of the page (issue 28).
 */
const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const clientDirectory = fileURLToPath(new URL("../build/client", import.meta.url));
const servers: Server[] = [];
let build: ServerBuild;

function listen(server: Server): Promise<string> {
  servers.push(server);
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () =>
      done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

async function storefront(trustedProxies: string[] = ["loopback"]): Promise<string> {
  const app = createApp({
    build,
    mode: "production",
    trustedProxies,
    allowedOrigins: [],
    clientDirectory,
    logger: silentLogger(),
  });
  return listen(createServer(app));
}

beforeAll(async () => {
  if (!existsSync(buildFile))
    throw new Error(`${buildFile} is missing: build the storefront first`);
  const platform = await listen(
    createServer((req, res) => {
      req.resume();
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "not found" }));
    }),
  );
  pointApisAt(platform);
  process.env.KASSA_PUBLIC_ORIGIN = "http://shop.test";
  process.env.SESSION_SECRET = "storefront-test-secret-0123456789";
  process.env.KASSA_CACHE_TAGS = "false";
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

/** `script-src` of a policy, as a list of its sources. */
function scriptSources(policy: string | null): string[] {
  const directive = (policy ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  return directive?.slice(1) ?? [];
}

/** Each inline script of a page: its attributes and its text. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? ""))
    .map(([, attributes = "", text = ""]) => ({ attributes, text }));
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const EVERY_ANSWER = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

function expectEveryAnswersHeaders(response: Response) {
  for (const [name, value] of Object.entries(EVERY_ANSWER)) {
    expect(response.headers.get(name), `${response.url} ${name}`).toBe(value);
  }
  expect(response.headers.get("permissions-policy")).toMatch(
    /^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(self[^)]*\)$/,
  );
  // The public origin here is http: no HSTS (content-security-policy.server.test.ts: https).
  expect(response.headers.get("strict-transport-security")).toBeNull();
  expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
}

describe("a page's Content-Security-Policy", () => {
  let base: string;
  beforeAll(async () => {
    base = await storefront();
  });

  it("names exactly the inline scripts of a page a shared cache keeps, by hash, with no nonce", async () => {
    const response = await fetch(`${base}/kopvillkor`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/s-maxage=/);
    expectEveryAnswersHeaders(response);
    const sources = scriptSources(response.headers.get("content-security-policy"));
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(sources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(
      [...new Set(scripts.map(({ text }) => sha256(text)))].sort(),
    );
    // Every copy the cache hands out is the same: nothing in it may be this request's secret.
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(html).not.toContain("nonce=");
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain("'strict-dynamic'");
    expect(sources[0]).toBe("'self'");
  });

  it("gives a page nobody shares a nonce of its own, on its scripts and in its policy", async () => {
    const nonces = new Set<string>();
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await fetch(`${base}/login`);
      const html = await response.text();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const sources = scriptSources(response.headers.get("content-security-policy"));
      const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? "";
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce);
      for (const { attributes, text } of inlineScripts(html)) {
        expect(attributes).toContain(` nonce="${nonce}"`);
        expect(sources).toContain(sha256(text));
      }
    }
    expect(nonces.size).toBe(2);
  });

  it("is on error pages too", async () => {
    const response = await fetch(`${base}/no-such-page`);
    const html = await response.text();
    expect(response.status).toBe(404);
    expectEveryAnswersHeaders(response);
    const sources = scriptSources(response.headers.get("content-security-policy"));
    for (const { text } of inlineScripts(html)) expect(sources).toContain(sha256(text));
  });
});

describe("what the server answers itself", () => {
  it("sends a policy without any script on its 403 page, files and data", async () => {
    const base = await storefront();
    const refused = await fetch(`${base}/login`, {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: new URLSearchParams({ email: "a@b.se" }),
    });
    expect(refused.status).toBe(403);
    for (const response of [
      refused,
      await fetch(`${base}/favicon.svg`),
      await fetch(`${base}/healthz`),
      await fetch(`${base}/assets/${readdirSync(`${clientDirectory}/assets`)[0]}`),
    ]) {
      await response.arrayBuffer();
      expectEveryAnswersHeaders(response);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy, response.url).toMatch(/^default-src 'none'/);
      expect(scriptSources(policy), response.url).toEqual([]);
      // One policy: a second header would be enforced too, and could only take away.
      expect(policy, response.url).not.toContain(",");
    }
  });

  it("sends the same on the 413 page for a post declared too large, before its body", async () => {
    const base = await storefront();
    const { request } = await import("node:http");
    const headers = await new Promise<Headers>((done, fail) => {
      const post = request(`${base}/login`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(200 * 1024 * 1024),
          "sec-fetch-site": "same-origin",
        },
      });
      post.on("response", (res) => {
        expect(res.statusCode).toBe(413);
        done(new Headers(res.headers as Record<string, string>));
        res.resume();
        post.destroy();
      });
      post.on("error", fail);
      post.flushHeaders();
    });
    expectEveryAnswersHeaders(new Response(null, { headers }));
    expect(headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
  });
});

describe("a client's forwarding headers (issue 28: cache poisoning)", () => {
  it("never reach the page's links, from a trusted proxy or not", async () => {
    for (const trusted of [["loopback"], []]) {
      const base = await storefront(trusted);
      for (const forwarded of ["evil.example", "evil.example:6666"]) {
        const response = await fetch(`${base}/sv-se/kopvillkor`, {
          headers: { "x-forwarded-host": forwarded, "x-forwarded-proto": "https" },
        });
        const html = await response.text();
        expect(response.status).toBe(200);
        expect(html, `${trusted} ${forwarded}`).not.toContain("evil.example");
        expect(html).not.toContain("6666");
        expect(html).toContain('hrefLang="fi-FI" href="http://shop.test/fi-fi/ostoehdot"');
        expect(html).toContain('rel="canonical" href="http://shop.test/sv-se/kopvillkor"');
      }
    }
  });
});
