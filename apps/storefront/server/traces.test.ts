import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "@kassa/node-server/testing";
import { prepareSeededSnapshot, SEED_FIXTURES } from "@kassa/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedSpan, SPAN_KIND, startOtlpReceiver } from "./otlp-receiver.testing";

/**
 * Traces (ADR 0043) as deployed: the built platform (`dist/main.js`) and the built storefront
 * (`build/express/main.js`), each its own process, export to a local OTLP/HTTP receiver. One
 * catalogue page is one trace from the storefront's request through its loader and platform call
 * to the platform's request and its SQL. Started without an endpoint, neither app imports a
 * single OpenTelemetry module (a resolve hook, `opentelemetry-imports.testing.mjs`, lists them).
 */
const storefrontDir = fileURLToPath(new URL("..", import.meta.url));
const storefrontMain = join(storefrontDir, "build/express/main.js");
const platformDir = dirname(createRequire(import.meta.url).resolve("@kassa/platform/package.json"));
const platformMain = join(platformDir, "dist/main.js");
const importRecorder = fileURLToPath(
  new URL("./opentelemetry-imports.testing.mjs", import.meta.url),
);
const categoryPage = `/sv-se/kategori/${SEED_FIXTURES.simple.categoryUri}`;

/** Each test waits on processes and batches that take their time on a loaded machine. */
const TEST_TIMEOUT_MS = 120_000;

/** A trace a trusted proxy (the load balancer) started: the storefront's request continues it. */
const PROXY_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PROXY_SPAN_ID = "00f067aa0ba902b7";

interface Running {
  child: ChildProcess;
  url: string;
  /** The file the process lists its OpenTelemetry imports in. */
  importsFile: string;
}

let workDir = "";
let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
const running: Running[] = [];
let tracedPlatform: Running | undefined;
let tracedStorefront: Running | undefined;
let plainStorefront: Running | undefined;

/**
 * The environment without any tracing setting of the machine the tests run on, and with the apps'
 * logs on: under vitest (`VITEST` is inherited) they would be silent, and the processes are seen
 * to be up by the line that says where they listen.
 */
function untraced(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "info" };
  for (const name of Object.keys(env)) {
    if (name.startsWith("OTEL_") || name === "DATABASE_URL") delete env[name];
  }
  return env;
}

function tracedTo(endpoint: string): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    // Sent within a tenth of a second rather than the default five.
    OTEL_BSP_SCHEDULE_DELAY: "100",
  };
}

/**
 * A PGlite data folder holding the seeded database the run's global setup made: its dump is the
 * data folder as a tar, which the platform opens as its `DATA_DIR` as it is, with no seeding.
 */
async function seededDataDir(name: string): Promise<string> {
  const snapshot = await prepareSeededSnapshot();
  const dataDir = join(workDir, name);
  await cp(join(snapshot, "media"), join(dataDir, "media"), { recursive: true });
  await promisify(execFile)("tar", ["-xf", join(snapshot, "data.tar"), "-C", dataDir]);
  return dataDir;
}

/** Runs a built app with the import recorder; `output` is what it has written so far. */
async function spawnApp(name: string, main: string, cwd: string, env: NodeJS.ProcessEnv) {
  const importsFile = join(workDir, `${name}.imports`);
  await writeFile(importsFile, "");
  const child = spawn(process.execPath, ["--import", importRecorder, main], {
    cwd,
    env: { ...env, KASSA_OPENTELEMETRY_IMPORTS: importsFile },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started: Running & { output: string } = { child, url: "", importsFile, output: "" };
  running.push(started);
  const read = (chunk: Buffer) => {
    started.output += chunk.toString();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  return started;
}

/** Starts a built app; resolves once it says where it listens. */
async function startProcess(
  name: string,
  main: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<Running> {
  const started = await spawnApp(name, main, cwd, env);
  started.url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      // In a JSON log line the address ends at its quote.
      const listening = /listening on (http:\/\/[^\s)"]+)/.exec(started.output);
      if (listening?.[1]) resolve(listening[1]);
    };
    started.child.stdout?.on("data", check);
    started.child.stderr?.on("data", check);
    started.child.once("exit", (code) =>
      reject(new Error(`${name} exited (${code}):\n${started.output}`)),
    );
  });
  return started;
}

/** The shop's own token, the platform's and the production storefront's (ADR 0048). */
const STOREFRONT_TOKEN = "traces-test-storefront-token-0123456789";

function startPlatformProcess(name: string, dataDir: string, env: NodeJS.ProcessEnv) {
  return startProcess(name, platformMain, platformDir, {
    ...env,
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    KASSA_STOREFRONT_TOKENS: STOREFRONT_TOKEN,
  });
}

async function startStorefrontProcess(name: string, platformUrl: string, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  return startProcess(name, storefrontMain, storefrontDir, {
    ...env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "storefront-test-secret-0123456789",
    KASSA_STOREFRONT_TOKEN: STOREFRONT_TOKEN,
    KASSA_COOKIE_SECURE: "false",
    // No cache-tag stream: nothing here changes.
    KASSA_CACHE_TAGS: "false",
    // 127.0.0.1 is the load balancer; the shoppers come from 127.0.0.2.
    KASSA_TRUSTED_PROXIES: "127.0.0.1",
    ...Object.fromEntries(
      ["SHOPPER", "PRODUCT", "ACCOUNT", "ORDER", "MEDIA", "MARKETING"].map((api) => [
        `KASSA_${api}_API_URL`,
        platformUrl,
      ]),
    ),
  });
}

/** A request from the given local address (all of 127/8 is this machine); answers its status. */
function send(
  url: string,
  from: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<number>((resolve, reject) => {
    const { method = "GET", headers = {}, body } = options;
    const sent = request(url, { method, localAddress: from, headers, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

function get(url: string, from: string, headers: Record<string, string> = {}) {
  return send(url, from, { headers });
}

async function stop({ child }: Running): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

async function importsOf(process: Running): Promise<string[]> {
  return (await readFile(process.importsFile, "utf8")).split("\n").filter(Boolean);
}

/** The spans above `span` in its trace, nearest first. */
function ancestorsOf(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const ancestors: ReceivedSpan[] = [];
  let parentId = span.parentSpanId;
  for (let parent = trace.find((s) => s.spanId === parentId); parent; ) {
    ancestors.push(parent);
    parentId = parent.parentSpanId;
    parent = trace.find((s) => s.spanId === parentId);
  }
  return ancestors;
}

/** The catalogue page's trace, once every link of it from the storefront to the SQL has come. */
function catalogueTrace(spans: ReceivedSpan[]) {
  const trace = spans.filter((span) => span.traceId === PROXY_TRACE_ID);
  const storefrontRequest = trace.find(
    (span) =>
      span.service === "kassa-storefront" &&
      span.kind === SPAN_KIND.server &&
      span.attributes["url.path"] === categoryPage,
  );
  if (!storefrontRequest) return undefined;
  const under = (span: ReceivedSpan, ancestor: ReceivedSpan) =>
    ancestorsOf(span, trace).some((above) => above.spanId === ancestor.spanId);
  const loader = trace.find(
    (span) =>
      span.service === "kassa-storefront" &&
      span.name === "loader routes/$locale.kategori.$" &&
      span.parentSpanId === storefrontRequest.spanId,
  );
  if (!loader) return undefined;
  for (const platformCall of trace.filter(
    (span) =>
      span.service === "kassa-storefront" && span.kind === SPAN_KIND.client && under(span, loader),
  )) {
    const platformRequest = trace.find(
      (span) =>
        span.service === "kassa-platform" &&
        span.kind === SPAN_KIND.server &&
        span.parentSpanId === platformCall.spanId,
    );
    if (!platformRequest) continue;
    const query = trace.find(
      (span) =>
        span.service === "kassa-platform" &&
        span.kind === SPAN_KIND.client &&
        span.attributes["db.system.name"] === "postgresql" &&
        under(span, platformRequest),
    );
    if (query) return { storefrontRequest, loader, platformCall, platformRequest, query };
  }
  return undefined;
}

beforeAll(async () => {
  for (const file of [storefrontMain, platformMain]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the apps first`);
  }
  workDir = await mkdtemp(join(tmpdir(), "kassa-traces-"));
  receiver = await startOtlpReceiver();
  const traced = tracedTo(receiver.url);
  tracedPlatform = await startPlatformProcess("traced platform", await seededDataDir("traced"), {
    ...untraced(),
    ...traced,
  });
  [tracedStorefront, plainStorefront] = await Promise.all([
    startStorefrontProcess("traced storefront", tracedPlatform.url, { ...untraced(), ...traced }),
    startStorefrontProcess("plain storefront", tracedPlatform.url, untraced()),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all(running.map(stop));
  await receiver?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, 60_000);

describe("traces across the storefront and the platform", () => {
  it(
    "follows a catalogue page from the proxy's trace through both services to the SQL",
    async () => {
      const status = await get(`${tracedStorefront?.url}${categoryPage}`, "127.0.0.1", {
        traceparent: `00-${PROXY_TRACE_ID}-${PROXY_SPAN_ID}-01`,
      });
      expect(status).toBe(200);

      const found = await receiver?.waitFor("trace from the storefront to the SQL", catalogueTrace);
      const { storefrontRequest, loader, platformCall, platformRequest, query } = found ?? {};
      // The load balancer's span is the storefront request's parent: one trace from the edge.
      expect(storefrontRequest?.parentSpanId).toBe(PROXY_SPAN_ID);
      expect(storefrontRequest?.name).toBe("GET /:locale/kategori/*");
      expect(storefrontRequest?.attributes["http.response.status_code"]).toBe(200);
      expect(loader?.attributes["remix.route.id"]).toBe("routes/$locale.kategori.$");
      expect(platformCall?.scope).toBe("@opentelemetry/instrumentation-undici");
      expect(platformRequest?.name).toMatch(/^POST \/enad\//);
      expect(platformRequest?.attributes["http.route"]).toMatch(/^\/enad\//);
      expect(query?.attributes["db.query.text"]).toEqual(expect.any(String));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "starts a new trace for a shopper's request, whatever traceparent it brings",
    async () => {
      const shopperTraceId = "0af7651916cd43dd8448eb211c80319c";
      const status = await get(`${tracedStorefront?.url}${categoryPage}?sida=2`, "127.0.0.2", {
        traceparent: `00-${shopperTraceId}-b7ad6b7169203331-01`,
      });
      expect(status).toBe(200);
      const request = await receiver?.waitFor("the shopper's request", (spans) =>
        spans.find(
          (span) =>
            span.service === "kassa-storefront" &&
            span.kind === SPAN_KIND.server &&
            span.traceId !== PROXY_TRACE_ID &&
            span.attributes["url.path"] === categoryPage,
        ),
      );
      expect(request?.traceId).not.toBe(shopperTraceId);
      expect(request?.parentSpanId).toBeUndefined();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "puts a form post's action under the request's span",
    async () => {
      const status = await send(`${tracedStorefront?.url}/market`, "127.0.0.2", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: tracedStorefront?.url ?? "",
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams({ market: "FI", redirectTo: categoryPage }).toString(),
      });
      expect(status).toBe(303);
      // The body is read before the request joins the render line: the action still runs in the
      // request's context.
      const [request, action] = await (receiver as NonNullable<typeof receiver>).waitFor(
        "the post's action under its request",
        (spans) => {
          const request = spans.find(
            (span) => span.kind === SPAN_KIND.server && span.name === "POST /market",
          );
          const action = spans.find(
            (span) => span.name === "action routes/market" && span.parentSpanId === request?.spanId,
          );
          return request && action ? [request, action] : undefined;
        },
      );
      expect(action.traceId).toBe(request.traceId);
      expect(request.attributes["http.response.status_code"]).toBe(303);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "imports no OpenTelemetry module when no endpoint is set",
    async () => {
      // The untraced storefront serves the page: its loader and its platform call ran.
      expect(await get(`${plainStorefront?.url}${categoryPage}`, "127.0.0.1")).toBe(200);
      expect(await importsOf(plainStorefront as Running)).toEqual([]);
      // An untraced platform loads all it is made of and decides on tracing before it opens the
      // database: one pointed at a server that is not there stops right there, sparing the test the
      // seconds a second platform's database takes to open.
      const platform = await spawnApp("plain platform", platformMain, platformDir, {
        ...untraced(),
        NODE_ENV: "test",
        PORT: "0",
        DATABASE_URL: `postgres://kassa@127.0.0.1:${await freePort()}/none`,
      });
      const code =
        platform.child.exitCode ??
        (await new Promise((resolve) => platform.child.once("exit", resolve)));
      expect(code).toBe(1);
      expect(platform.output).toContain("failed to start");
      expect(await importsOf(platform)).toEqual([]);
      // The recorder does see them when they are imported.
      for (const process of [tracedStorefront, tracedPlatform]) {
        expect(await importsOf(process as Running)).toContainEqual(
          expect.stringContaining("/@opentelemetry/sdk-trace-node/"),
        );
      }
    },
    TEST_TIMEOUT_MS,
  );
});
