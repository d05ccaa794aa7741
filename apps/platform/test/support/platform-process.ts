import { type ChildProcess, spawn } from "node:child_process";
import { packageRoot } from "../../src/package-root.js";
import { type PlatformRequest, requestTo } from "./test-platform.js";

export interface PlatformProcess {
  /** `http://127.0.0.1:<port>`, the port the process chose. */
  url: string;
  pid: number;
  request: PlatformRequest;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM, as a deployment stops it; resolves once it has exited. */
  stop(): Promise<void>;
  /** Resolves when the process has exited, to its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** The line saying where it listens, readable or JSON (`LOG_FORMAT`). */
const LISTENING = /listening on (http:\/\/[^\s"]+)/;

/**
 * The platform's real entry (`src/main.ts`, through tsx: `turbo run test` does not build the
 * platform first) in a process of its own, on a port of its choosing: its own connection pool, job
 * worker and cache-tag listener, as in a deployment of several. `env` adds to or overrides the
 * settings (DATABASE_URL, SMTP_URL, …); the test's own environment is not passed on beyond PATH.
 * `timeoutMs` bounds a hang, not a speed: beside the browser tests on two cores a start (tsx
 * compiling the platform, the migrations) has taken over a minute.
 */
export async function startPlatformProcess(
  env: Record<string, string>,
  { timeoutMs = 180_000 } = {},
): Promise<PlatformProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: packageRoot(),
    env: { PATH: process.env.PATH ?? "", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exitCode = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const exited = exitCode.then(() => {});

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("did not start in time")), timeoutMs);
      const look = () => {
        const match = LISTENING.exec(output);
        if (!match?.[1]) return;
        clearTimeout(timer);
        resolve(match[1]);
      };
      child.stdout.on("data", look);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}`));
      });
    });
  } catch (error) {
    await stopChild(child, exited);
    throw new Error(`The platform process ${(error as Error).message}:\n${output}`);
  }

  return {
    url,
    pid: child.pid ?? 0,
    request: requestTo(url),
    output: () => output,
    stop: () => stopChild(child, exited),
    exited: exitCode,
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await exited;
}
