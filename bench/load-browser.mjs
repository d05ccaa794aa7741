// One shopper's browser with JavaScript off, for the load bench: its own keep-alive connection to
// each site it visits (undici), its own cookie jar, the headers a browser sends (compressed pages,
// Origin and Sec-Fetch-Site on a form post), redirects followed as a browser follows them, and the
// time of each step as the shopper waits for it (every request and redirect of the step, until the
// last page's bytes are in).
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliDecompress, gunzip } from "node:zlib";
import { root } from "./processes.mjs";

const require = createRequire(join(root, "apps/storefront/package.json"));
const { Client } = require("undici");

const unbrotli = promisify(brotliDecompress);
const ungzip = promisify(gunzip);

/** A step that could not go on: an HTTP error, a broken page, a network failure. */
export class StepError extends Error {}

export class Browser {
  /**
   * `address`: the shopper's own address, sent as `X-Forwarded-For` (the storefront believes its
   * loopback peer, as it believes a real proxy), so the platform's per-address limits see one
   * shopper each, as they would on the Internet.
   */
  constructor({ address, timeoutMs = 60_000 }) {
    this.address = address;
    this.timeoutMs = timeoutMs;
    this.clients = new Map();
    // One jar per origin: the bench's sites all live on 127.0.0.1, where a browser would share
    // cookies across ports; the platform's sandbox reads none, so keeping them apart changes nothing.
    this.jars = new Map();
  }

  client(origin) {
    let client = this.clients.get(origin);
    if (!client) {
      client = new Client(origin, {
        keepAliveTimeout: 4_000,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      this.clients.set(origin, client);
    }
    return client;
  }

  cookieHeader(origin) {
    const jar = this.jars.get(origin);
    if (!jar || jar.size === 0) return undefined;
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keepCookies(origin, setCookie) {
    if (!setCookie) return;
    let jar = this.jars.get(origin);
    if (!jar) {
      jar = new Map();
      this.jars.set(origin, jar);
    }
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair] = line.split(";");
      const equals = pair.indexOf("=");
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const expired =
        /;\s*max-age=(0|-\d+)\b/i.test(line) || /;\s*expires=[^;]*(1970|thu, 01 jan)/i.test(line);
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(equals + 1).trim());
    }
  }

  /** The cookies this browser holds for `url`'s site, by name. */
  cookies(url) {
    return this.jars.get(new URL(url).origin) ?? new Map();
  }

  /** One request; the body decompressed as text. */
  async fetchOnce(method, url, body) {
    const target = new URL(url);
    const headers = {
      accept: "text/html,application/xhtml+xml",
      "accept-encoding": "br, gzip",
      "accept-language": "sv-SE,sv;q=0.9",
      "user-agent": "kassa-load-bench (no JavaScript)",
      "x-forwarded-for": this.address,
    };
    const cookie = this.cookieHeader(target.origin);
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = target.origin;
      headers["sec-fetch-site"] = "same-origin";
    }
    const answer = await this.client(target.origin).request({
      method,
      path: `${target.pathname}${target.search}`,
      headers,
      body: body ? body.toString() : undefined,
    });
    const raw = Buffer.from(await answer.body.arrayBuffer());
    const encoding = answer.headers["content-encoding"];
    const bytes =
      encoding === "br" ? await unbrotli(raw) : encoding === "gzip" ? await ungzip(raw) : raw;
    this.keepCookies(target.origin, answer.headers["set-cookie"]);
    return {
      status: answer.statusCode,
      headers: answer.headers,
      html: bytes.toString("utf8"),
      url,
    };
  }

  /**
   * A page as the shopper gets it: the request, and every redirect after it (303 and 302 turn a
   * post into a get). Answers the last page, its URL, and the statuses on the way.
   */
  async visit(method, url, body) {
    const statuses = [];
    let page = await this.fetchOnce(method, url, body);
    statuses.push(page.status);
    for (let hops = 0; [301, 302, 303, 307, 308].includes(page.status); hops++) {
      if (hops === 5) throw new StepError(`too many redirects from ${url}`);
      const next = new URL(page.headers.location, page.url).href;
      const keep = page.status === 307 || page.status === 308;
      page = await this.fetchOnce(keep ? method : "GET", next, keep ? body : undefined);
      statuses.push(page.status);
    }
    if (page.status >= 400) {
      throw new StepError(`${method} ${url} → ${statuses.join(" → ")}`);
    }
    return { ...page, statuses };
  }

  async close() {
    await Promise.all([...this.clients.values()].map((client) => client.close().catch(() => {})));
    this.clients.clear();
  }
}
