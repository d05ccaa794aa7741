import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  // The storefront brings one copy of React and Radix; bundling them would make two.
  external: ["react", "react-dom", "react/jsx-runtime", /^@radix-ui\//],
});
