import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { findVarnishd } from "../../../deploy/varnish/start.mjs";

/**
 * The VCL's rules on their own (deploy/varnish/kassa.vcl): each `deploy/varnish/tests/*.vtc` is
 * a varnishtest script that runs a real varnishd with the VCL in front of a scripted storefront
 * and checks what reaches the storefront and what the shopper gets (which answers are kept, who
 * may purge, grace, gzip). The storefront's real answers through it: shared-cache.varnish.test.ts.
 */
const folder = fileURLToPath(new URL("../../../deploy/varnish/", import.meta.url));
const scripts = readdirSync(join(folder, "tests")).filter((name) => name.endsWith(".vtc"));
const installed = findVarnishd() !== undefined;
if (!installed) {
  console.warn(
    "shared-cache-vcl.test.ts skipped: varnishd is not installed (Debian: apt-get install varnish varnish-modules; `npm test` as root installs them)",
  );
}
const run = promisify(execFile);

describe.skipIf(!installed)("the VCL in front of a scripted storefront (varnishtest)", () => {
  it.each(scripts)("%s", { timeout: 90_000 }, async (script) => {
    // varnishtest prints the whole log of a failing script: that is the failure's message.
    const outcome = await run(
      "varnishtest",
      ["-q", "-t", "60", `-Dkassa_vcl_dir=${folder}`, join(folder, "tests", script)],
      { maxBuffer: 64 * 1024 * 1024 },
    ).then(
      () => "passed",
      (error: { stdout?: string; stderr?: string; message: string }) =>
        `${error.message}\n${error.stdout ?? ""}${error.stderr ?? ""}`,
    );
    expect(outcome).toBe("passed");
  });
});
