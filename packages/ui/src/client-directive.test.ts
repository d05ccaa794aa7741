// A component with state, effects, browser event handlers or Radix primitives can only run in the
// browser. In a React Server Components app (Next.js App Router, React Router's RSC mode) such a
// module must begin with "use client", or importing it from a server component fails. The build
// keeps one output module per source module (`bundle: false`), so the directive written here is
// the one an app's bundler sees in `dist/`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const source = join(import.meta.dirname);
const CLIENT_ONLY =
  /\buse(State|Effect|LayoutEffect|Ref|Callback|Memo|Reducer|SyncExternalStore|Mounted)\b|@radix-ui\/|\son[A-Z]\w+=\{/;

const components = readdirSync(source).filter(
  (file) => file.endsWith(".tsx") && !file.includes(".test."),
);

describe('"use client"', () => {
  it.each(components)("%s says so when it needs the browser", (file) => {
    const text = readFileSync(join(source, file), "utf8");
    const marked = text.startsWith('"use client";');
    expect(
      marked,
      `${file} ${marked ? "is marked but needs no browser" : "needs the browser"}`,
    ).toBe(CLIENT_ONLY.test(text));
  });

  it("finds the interactive components", () => {
    const marked = components.filter((file) =>
      readFileSync(join(source, file), "utf8").startsWith('"use client";'),
    );
    expect(marked).toEqual(
      expect.arrayContaining(["Button.tsx", "Dialog.tsx", "PasswordInput.tsx", "Toaster.tsx"]),
    );
  });
});
