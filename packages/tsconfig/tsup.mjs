// The tsup settings every library package shares (domain, api-client, ui, i18n): every source
// module becomes its own ES module (`bundle: false`), so an app's bundler can drop the modules it
// does not import (the packages declare `sideEffects: false`); one bundled `.d.ts` from the entry;
// source maps, ES2022. A single bundled file would make a browser that imports one helper
// (`languageName`) download every zod schema and libphonenumber's metadata too (issue 15). Dependencies and peer dependencies stay
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
  entry: ["src/**/*.ts", "src/**/*.tsx", "!src/**/*.test.ts", "!src/**/*.test.tsx"],
  bundle: false,
  format: ["esm"],
  // The tsconfigs are `composite` for the root `tsc -b`; tsup's declaration bundler reads only
  // the entry's import graph, which a composite project rejects (TS6307), so it builds without.
  dts: { entry: "src/index.ts", compilerOptions: { composite: false } },
  sourcemap: true,
  clean: true,
  target: "es2022",
});
