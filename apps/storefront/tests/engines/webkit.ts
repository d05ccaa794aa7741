import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "@kassa/node-server/testing";
import { Builder, type WebDriver } from "selenium-webdriver";

/**
 * WebKit as Debian packages it: WebKitGTK's MiniBrowser, driven by WebKitWebDriver over W3C
 * WebDriver, in a virtual display (Xvfb), since MiniBrowser needs one (ADR 0052). Playwright's own
 * WebKit downloads from a CDN these machines cannot reach.
 */
const MINIBROWSER =
  process.env.KASSA_MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Starts Xvfb on a display it picks itself (`-displayfd`), answering the display's number. */
function startDisplay(): Promise<{ display: string; process: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const xvfb = spawn(
      "Xvfb",
      ["-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
      { stdio: ["ignore", "ignore", "ignore", "pipe"] },
    );
    xvfb.once("error", reject);
    xvfb.stdio[3]?.once("data", (data: Buffer) =>
      resolve({ display: `:${data.toString().trim()}`, process: xvfb }),
    );
  });
}

/** One worker's WebKit: a display and a driver; sessions (one per test) are made by {@link open}. */
export class WebKit {
  private constructor(
    private readonly display: ChildProcess,
    private readonly driver: ChildProcess,
    private readonly url: string,
    private readonly log: string[],
  ) {}

  static async start(): Promise<WebKit> {
    const { display, process: xvfb } = await startDisplay();
    const port = await freePort();
    const log: string[] = [];
    const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
      env: { ...process.env, DISPLAY: display },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // MiniBrowser writes the page's console to its standard output (the setting below); it is
    // the driver's child, so it lands here.
    for (const stream of [driver.stdout, driver.stderr]) {
      stream?.on("data", (data: Buffer) =>
        log.push(...data.toString().split("\n").filter(Boolean)),
      );
    }
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 50; attempt++) {
      const ready = await fetch(`${url}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return new WebKit(xvfb, driver, url, log);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`WebKitWebDriver did not start: ${log.join("\n")}`);
  }

  /** A new browser (a fresh MiniBrowser: no cookies, no storage). */
  async open({ javaScriptEnabled }: { javaScriptEnabled: boolean }): Promise<WebDriver> {
    return new Builder()
      .usingServer(this.url)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": {
          binary: MINIBROWSER,
          args: [
            "--automation",
            `--enable-javascript=${javaScriptEnabled}`,
            "--enable-write-console-messages-to-stdout=true",
          ],
        },
      })
      .build();
  }

  /** What the driver and the pages' consoles wrote since `from` (an index into the log). */
  logSince(from: number): string[] {
    return this.log.slice(from);
  }
  get logLength(): number {
    return this.log.length;
  }

  stop() {
    this.driver.kill();
    this.display.kill();
  }
}
