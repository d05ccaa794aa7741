import { afterAll } from "vitest";
import { resetCacheTagSource } from "~/modules/cache/cache-tag-source.server";
import { stopSharedCachePurge } from "~/modules/cache/shared-cache-purge.server";
import { forgetConfig } from "~/modules/http/config.server";

/**
 * Runs before every test file (`setupFiles` in vitest.config.ts). Files run one after another in
 * one process with the modules already loaded (`isolate: false`), so each must find the process as
 * a fresh one would be: the environment as the process started, no configuration read yet, and no
 * channel or purger started with another file's settings. A file may set `process.env` as it
 * likes; what it set is put back when it ends, and the storefront reads its configuration again.
 */
export function resetStorefrontProcess(): void {
  resetCacheTagSource();
  stopSharedCachePurge();
  // Every copy of the configuration (the source's, the production build's) is read again, and
  // what was made from it (cookies, the catalogue cache) is made again at its next use.
  forgetConfig();
}

const environment = process.env;
const environmentAtStart = { ...process.env };

resetStorefrontProcess();

afterAll(() => {
  // Some files replace `process.env` with a copy; the process's own object comes back.
  process.env = environment;
  for (const name of Object.keys(environment)) {
    if (!(name in environmentAtStart)) delete environment[name];
  }
  Object.assign(environment, environmentAtStart);
  resetStorefrontProcess();
});
