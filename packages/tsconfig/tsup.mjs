// The tsup settings every library package shares (domain, api-client, ui, i18n): one entry,
// ES modules with bundled `.d.ts`, source maps, ES2022. Dependencies and peer dependencies stay
// imports (tsup's default), so an app gets one copy of each. A package's `tsup.config.ts`:
//
//   import { library } from "@kassa/tsconfig/tsup.mjs";
//   import { defineConfig } from "tsup";
//
//   export default defineConfig({ ...library, /* overrides */ });
//
// Plain JavaScript, because tsup loads its config through Node and leaves imports of packages to
// Node, which does not run TypeScript (Node 20); the types are in `tsup.d.mts`.

/** @type {import("./tsup.d.mts").LibraryOptions} */
export const library = Object.freeze({
  entry: ["src/index.ts"],
  format: ["esm"],
  // The tsconfigs are `composite` for the root `tsc -b`; tsup's declaration bundler reads only
  // the entry's import graph, which a composite project rejects (TS6307), so it builds without.
  dts: { compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: "es2022",
});
