import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../app/test-support/logs";
import { createApp } from "./app";

/**
 * The storefront's server around the real production build (`pnpm build` first), with a stand-in
 * account API that records what the storefront forwards: the shopper's address through trusted
 * proxies, and the cross-site check in front of every action.
 */
const buildFile = fileURLToPath(new URL("../build/server/index.js", import.meta.url));

interface Recorded {
  path: string;
  forwardedFor: string | undefined;
}
let recorded: Recorded[] = [];
let accountApi: Server;
const servers: Server[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((done) => {
    server.listen(0, "127.0.0.1", () =>
      done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

let build: ServerBuild;

/** A storefront trusting `trustedProxies`, on its own port. */
async function storefront(
  trustedProxies: string[],
  allowedOrigins: string[] = [],
): Promise<string> {
  const app = createApp({
    build,
    mode: "production",
    trustedProxies,
    allowedOrigins,
    logger: silentLogger(),
  });
  const server = createServer(app);
  servers.push(server);
  return listen(server);
}

beforeAll(async () => {
  if (!existsSync(buildFile))
    throw new Error(`${buildFile} is missing: build the storefront first`);
  accountApi = createServer((req: IncomingMessage, res) => {
    recorded.push({
      path: req.url ?? "",
      forwardedFor: req.headers["x-forwarded-for"] as string | undefined,
    });
    req.resume();
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ details: "invalid password", message: "invalid password" }));
  });
  const url = await listen(accountApi);
  for (const name of ["KASSA_SHOPPER_API_URL", "KASSA_PRODUCT_API_URL", "KASSA_ACCOUNT_API_URL"]) {
    process.env[name] = url;
  }
  process.env.SESSION_SECRET = "storefront-test-secret-0123456789";
  build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
});

afterAll(async () => {
  for (const server of [...servers, accountApi]) {
    await new Promise((done) => server?.close(done));
  }
});

const loginForm = () =>
  new URLSearchParams({ intent: "log-in", email: "ada@example.se", password: "tiotecken!!" });

/** A login post as a same-origin fetcher sends it (action only, no page render). */
async function logIn(base: string, headers: Record<string, string> = {}) {
  recorded = [];
  const response = await fetch(`${base}/login.data`, {
    method: "POST",
    body: loginForm(),
    headers: { "sec-fetch-site": "same-origin", ...headers },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return {
    response,
    forwarded: recorded
      .filter((call) => call.path === "/enad/login/")
      .map((call) => call.forwardedFor),
  };
}

describe("the shopper's address forwarded to the platform", () => {
  it("is the socket peer when the peer is not a trusted proxy, whatever X-Forwarded-For says", async () => {
    for (const trusted of [[], ["10.0.0.0/8"]]) {
      const base = await storefront(trusted);
      const { forwarded } = await logIn(base, { "x-forwarded-for": "203.0.113.9" });
      expect(forwarded).toEqual(["127.0.0.1"]);
    }
  });

  it("is the address a trusted proxy saw, skipping trusted proxies from the right", async () => {
    const base = await storefront(["loopback"]);
    expect((await logIn(base, { "x-forwarded-for": "203.0.113.9" })).forwarded).toEqual([
      "203.0.113.9",
    ]);
    // A client-written first value is not believed: only what the trusted proxy appended counts.
    expect(
      (await logIn(base, { "x-forwarded-for": "198.51.100.1, 203.0.113.9" })).forwarded,
    ).toEqual(["203.0.113.9"]);
    expect((await logIn(base)).forwarded).toEqual(["127.0.0.1"]);

    const twoProxies = await storefront(["loopback", "203.0.113.0/24"]);
    expect(
      (await logIn(twoProxies, { "x-forwarded-for": "198.51.100.1, 203.0.113.9" })).forwarded,
    ).toEqual(["198.51.100.1"]);
  });

  it("changes with every forged header only when the peer is trusted", async () => {
    const untrusted = await storefront([]);
    const trusted = await storefront(["loopback"]);
    const seen = { untrusted: new Set<string>(), trusted: new Set<string>() };
    for (let attempt = 0; attempt < 5; attempt++) {
      const fake = { "x-forwarded-for": `198.51.100.${attempt + 1}` };
      for (const address of (await logIn(untrusted, fake)).forwarded)
        seen.untrusted.add(String(address));
      for (const address of (await logIn(trusted, fake)).forwarded)
        seen.trusted.add(String(address));
    }
    expect([...seen.untrusted]).toEqual(["127.0.0.1"]);
    expect(seen.trusted.size).toBe(5);
  });
});

describe("the cross-site check", () => {
  let base: string;
  beforeAll(async () => {
    base = await storefront(["loopback"], ["https://www.shop.example"]);
  });

  async function post(path: string, headers: Record<string, string>) {
    recorded = [];
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      body: loginForm(),
      headers,
      redirect: "manual",
    });
    return { response, body: await response.text(), reachedPlatform: recorded.length > 0 };
  }

  it("answers a cross-site login post 403 with a small page, no cookie, and never reaches the app", async () => {
    const { response, body, reachedPlatform } = await post("/login", {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(body).toContain('<html lang="sv">');
    expect(body).toContain("Formuläret kunde inte skickas");
    expect(body).not.toMatch(/at .*\.js:\d+/);
    expect(reachedPlatform).toBe(false);
    // The reference support asks for: the request's id, as the answer names it (ADR 0040).
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toContain(`Referens: ${requestId}`);
  });

  it("speaks the shopper's language", async () => {
    const { body } = await post("/login?lng=en", { origin: "https://evil.example" });
    expect(body).toContain('<html lang="en">');
    expect(body).toContain("The form could not be sent");
  });

  it("refuses every state-changing method and route, also fetcher (.data) posts", async () => {
    for (const path of [
      "/cart",
      "/market",
      "/logout",
      "/login.data",
      "/signup/",
      "/no-such-page",
    ]) {
      expect((await post(path, { "sec-fetch-site": "cross-site" })).response.status, path).toBe(
        403,
      );
    }
    const put = await fetch(`${base}/cart`, {
      method: "PUT",
      headers: { "sec-fetch-site": "same-site" },
    });
    expect(put.status).toBe(403);
  });

  it("refuses Origin: null and a foreign origin from browsers without Sec-Fetch-Site", async () => {
    expect((await post("/login", { origin: "null" })).response.status).toBe(403);
    expect((await post("/login", { origin: "https://evil.example" })).response.status).toBe(403);
  });

  it("lets same-origin posts, the storefront's own origin, allowed origins and header-less clients through", async () => {
    const host = new URL(base).host;
    const allowed: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin", origin: base },
      { "sec-fetch-site": "none" },
      { origin: base },
      { origin: "https://www.shop.example", "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of allowed) {
      const { response, reachedPlatform } = await post("/login.data", headers);
      // Neither refused here nor by Remix's own Origin/Host check (a 500).
      expect(response.status, JSON.stringify(headers)).not.toBe(403);
      expect(response.status, JSON.stringify(headers)).toBeLessThan(500);
      expect(reachedPlatform, JSON.stringify(headers)).toBe(true);
    }
    expect(host).toMatch(/^127\.0\.0\.1:/);
  });

  it("takes the own origin from X-Forwarded-Proto/-Host only from a trusted proxy", async () => {
    const proxied = {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "shop.example",
      origin: "https://shop.example",
    };
    expect((await post("/login.data", proxied)).response.status).not.toBe(403);
    const untrusted = await storefront([]);
    const response = await fetch(`${untrusted}/login.data`, {
      method: "POST",
      body: loginForm(),
      headers: proxied,
    });
    expect(response.status).toBe(403);
  });

  it("leaves reading alone", async () => {
    const response = await fetch(`${base}/healthz`, {
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});

describe("redirect targets from the query", () => {
  it("never send a logged-in shopper off the site", async () => {
    const base = await storefront(["loopback"]);
    const { createCookie } = await import("@remix-run/node");
    const cookie = (await createCookie("userId").serialize("user-1")).split(";")[0] ?? "";
    for (const target of [
      "/%09/evil.example/",
      "/%0A/evil.example/",
      "//evil.example/",
      "/%5Cevil.example",
      "/%2F%2Fevil.example",
      // Arrives as `/%2F%2Fevil.example`, `/%5Cevil.example`, `/%09/evil.example/`: encoded forms.
      "/%252F%252Fevil.example",
      "/%255Cevil.example",
      "/%2509/evil.example/",
      "https://evil.example/",
      "https:%2F%2Fevil.example",
    ]) {
      const response = await fetch(`${base}/login?redirectTo=${target}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(response.status, target).toBe(302);
      const location = response.headers.get("location") ?? "";
      expect(location, target).toBe("/my-account/overview/");
    }
    const onSite = await fetch(`${base}/login?redirectTo=%2Fcart`, {
      headers: { cookie },
      redirect: "manual",
    });
    expect(onSite.headers.get("location")).toBe("/cart");
  });
});

describe("compression", () => {
  it("answers a page in brotli when the browser asks for it, and the page reads back whole", async () => {
    const base = await storefront([]);
    const { request } = await import("node:http");
    const { brotliDecompressSync } = await import("node:zlib");
    // Node's fetch would decode the body itself; a raw request shows what was sent.
    const sent = await new Promise<{ encoding?: string; body: Buffer }>((done, fail) => {
      request(
        `${base}/login`,
        { headers: { "accept-encoding": "gzip, deflate, br, zstd" } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            done({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
        },
      )
        .on("error", fail)
        .end();
    });
    expect(sent.encoding).toBe("br");
    const page = brotliDecompressSync(sent.body).toString("utf8");
    expect(page).toMatch(/^<!DOCTYPE html>/i);
    expect(page).toContain("</html>");
  });
});
