#!/usr/bin/env node
// The library packages as a team outside this repository gets them: builds and packs
// @kassa/domain, @kassa/api-client, @kassa/i18n and @kassa/ui (`pnpm pack`), installs the
// tarballs with npm into a scratch app in the system's temp folder, then
//   1. typechecks a file that imports every package (the packages' own `.d.ts` included),
//   2. imports every package in Node and renders @kassa/ui components to HTML (react-dom/server),
//   3. builds the app's CSS with Tailwind v4 set up as @kassa/ui's README says, and checks that
//      every class in that HTML has its rule, taken from the installed package alone.
// It also checks that the TypeScript project references follow the package.json files.
// Needs the npm registry (npm's cache is reused); `--keep` leaves the scratch app for a look.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pnpm, root, run } from "./lib.mjs";
import { projectReferenceProblems } from "./project-references.mjs";

const LIBRARIES = ["domain", "api-client", "i18n", "ui"];
const started = Date.now();
const keep = process.argv.includes("--keep");

let app;

function fail(message) {
  console.error(`✖ ${message}`);
  if (app) console.error(`  The scratch app is kept in ${app}`);
  process.exit(1);
}

function manifest(dir) {
  return JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
}

// 0. The project references of the root `tsc -b`.
const referenceProblems = projectReferenceProblems();
if (referenceProblems.length > 0) fail(referenceProblems.join("\n✖ "));
console.log("✔ the TypeScript project references follow the package.json files");

// 1. Build (cached by turbo) and pack every library.
pnpm(["exec", "turbo", "run", "build", "--filter=./packages/*", "--output-logs=errors-only"]);
app = mkdtempSync(join(tmpdir(), "kassa-consumer-"));
if (!relative(root, app).startsWith("..")) fail(`the scratch app ${app} is inside the workspace`);
const tarballs = join(app, "tarballs");
mkdirSync(tarballs);
pnpm([
  ...LIBRARIES.flatMap((library) => ["--filter", `@kassa/${library}`]),
  "--recursive",
  "pack",
  "--pack-destination",
  tarballs,
]);
const packed = Object.fromEntries(
  readdirSync(tarballs).map((file) => {
    const library = LIBRARIES.find((name) => file.startsWith(`kassa-${name}-`));
    if (!library) fail(`unexpected tarball ${file}`);
    return [`@kassa/${library}`, `file:${join(tarballs, file)}`];
  }),
);

// 2. A scratch app outside the workspace, on the versions the workspace itself uses.
const ui = manifest("packages/ui");
const i18n = manifest("packages/i18n");
const storefront = manifest("apps/storefront");
const workspace = manifest(".");
writeFileSync(
  join(app, "package.json"),
  `${JSON.stringify(
    {
      name: "kassa-consumer",
      private: true,
      type: "module",
      dependencies: {
        ...packed,
        react: ui.devDependencies.react,
        "react-dom": ui.devDependencies["react-dom"],
        i18next: i18n.devDependencies.i18next,
      },
      devDependencies: {
        "@types/react": ui.devDependencies["@types/react"],
        "@types/react-dom": ui.devDependencies["@types/react-dom"],
        typescript: workspace.devDependencies.typescript,
        tailwindcss: storefront.devDependencies.tailwindcss,
        "@tailwindcss/cli": storefront.devDependencies.tailwindcss,
      },
    },
    null,
    2,
  )}\n`,
);
run(
  "npm",
  [
    "install",
    "--prefer-offline",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    "--no-package-lock",
  ],
  { cwd: app },
);

// 3. Typecheck a file importing every package, with the packages' declarations checked too.
mkdirSync(join(app, "src"));
writeFileSync(
  join(app, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      target: "ES2022",
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      module: "ESNext",
      moduleResolution: "Bundler",
      jsx: "react-jsx",
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    include: ["src"],
  }),
);
writeFileSync(
  join(app, "src", "app.tsx"),
  `import * as api from "@kassa/api-client";
import { formatMoney, TOAST_DURATION_MS } from "@kassa/domain";
import { i18nOptions, resources } from "@kassa/i18n";
import { Button, Field, Input, Toaster, type ToastMessage } from "@kassa/ui";
import i18next from "i18next";

await i18next.init({ ...i18nOptions, resources, lng: "fi" });
export const exports: string[] = Object.keys(api);
export const toastMs: number = TOAST_DURATION_MS;
const toasts: ToastMessage[] = [{ id: "1", title: formatMoney(129900, "SEK", "sv-SE") }];

export function Page({ errors }: { errors: string[] }) {
  return (
    <form method="post">
      <Field label={i18next.t("cart.outOfStockTitle")} id="email" errors={errors}>
        <Input name="email" type="email" />
      </Field>
      <Button type="submit">OK</Button>
      <Toaster toasts={toasts} onDismiss={() => {}} closeLabel="Sulje" />
    </form>
  );
}
`,
);
run(join(app, "node_modules", ".bin", "tsc"), ["-p", "."], { cwd: app });
console.log("✔ a TypeScript app that imports every package typechecks");

// 4. Import every package in Node and render @kassa/ui components to HTML.
writeFileSync(
  join(app, "render.mjs"),
  `import * as api from "@kassa/api-client";
import { formatMoney } from "@kassa/domain";
import { i18nOptions, resources } from "@kassa/i18n";
import { Alert, Badge, Button, Checkbox, Field, Input, Price } from "@kassa/ui";
import i18next from "i18next";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";

if (Object.keys(api).length === 0) throw new Error("@kassa/api-client exports nothing");
await i18next.init({ ...i18nOptions, resources, lng: "sv" });
const price = formatMoney(129900, "SEK", "sv-SE");
process.stdout.write(
  renderToStaticMarkup(
    h("main", null,
      h(Alert, { variant: "error", title: i18next.t("cart.outOfStockTitle") }, "Slut."),
      h(Field, { label: "E-post", id: "email", hint: "Till kvittot.", errors: ["Ogiltig e-post."] },
        h(Input, { name: "email", type: "email" })),
      h(Checkbox, { id: "terms", name: "terms", label: "Jag godkänner", errors: ["Kryssa i."] }),
      h(Price, { price, basePrice: "1 599 kr", saleLabel: "Rea", basePriceLabel: "Ordinarie" }),
      h(Badge, { variant: "sale" }, "-20%"),
      h(Button, { type: "submit", variant: "primary" }, "Spara"),
    ),
  ),
);
`,
);
const rendered = spawnSync(process.execPath, ["render.mjs"], { cwd: app, encoding: "utf8" });
if (rendered.status !== 0) fail(`rendering @kassa/ui in Node failed:\n${rendered.stderr}`);
const html = rendered.stdout;
if (!html.includes('id="email-errors"')) fail(`the rendered Field has no error list:\n${html}`);
console.log("✔ Node imports every package and renders @kassa/ui components");

// 5. Tailwind v4 set up as the README says. `source(none)` turns off the scan of the app's own
// files, so every class must come from the package; a class only the app uses must be absent.
writeFileSync(join(app, "page.html"), `${html}\n<p class="bg-fuchsia-950">canary</p>\n`);
writeFileSync(
  join(app, "app.css"),
  `@import "tailwindcss" source(none);\n@import "@kassa/ui/styles.css";\n`,
);
run(join(app, "node_modules", ".bin", "tailwindcss"), ["-i", "app.css", "-o", "out.css"], {
  cwd: app,
});
const css = readFileSync(join(app, "out.css"), "utf8");
/** The selector Tailwind writes for a class (CSS.escape for the characters classes use). */
const selector = (name) =>
  `.${name.replace(/^\d/, (digit) => `\\3${digit} `).replace(/[^\w\u0080-\uffff-]/g, "\\$&")}`;
const unescapeHtml = (text) =>
  text.replace(/&(amp|quot|#x27|lt|gt);/g, (_, name) => HTML_ENTITIES[name]);
const HTML_ENTITIES = { amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" };
const classes = new Set(
  [...html.matchAll(/class="([^"]*)"/g)]
    .flatMap((match) => unescapeHtml(match[1]).split(/\s+/))
    .filter(Boolean),
);
const missing = [...classes].filter((name) => !css.includes(selector(name)));
if (classes.size < 20) fail(`only ${classes.size} classes rendered; the render went wrong`);
if (missing.length > 0) fail(`the CSS lacks ${missing.length} classes: ${missing.join(" ")}`);
if (css.includes(selector("bg-fuchsia-950"))) fail("Tailwind scanned the app, not the package");
console.log(`✔ Tailwind builds all ${classes.size} classes of the rendered components`);

if (keep) console.log(`The scratch app is in ${app}`);
else rmSync(app, { recursive: true, force: true });
console.log(
  `\n✔ the packed packages work in an app outside the workspace (${Math.round((Date.now() - started) / 1000)} s)`,
);
