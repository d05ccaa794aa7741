import type { StorefrontConfig } from "../app/modules/http/config.server";

/**
 * The warning the storefront prints at start when it runs with development defaults (a published
 * cookie secret, cookies without `Secure`), in one block, so nobody runs a shop with one of them
 * on without being told; undefined when there is none.
 */
export function developmentDefaultsWarning(
  settings: Pick<StorefrontConfig, "developmentDefaults" | "nodeEnv">,
): string | undefined {
  if (settings.developmentDefaults.length === 0) return undefined;
  return [
    `[storefront] !!! Development defaults are on (NODE_ENV=${settings.nodeEnv}). Never put this storefront on the internet like this:`,
    ...settings.developmentDefaults.map((line) => `[storefront] !!!   - ${line}`),
    "[storefront] !!! The README's Configuration says how to turn each one off.",
  ].join("\n");
}
