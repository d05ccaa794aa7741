// The checks a scratch app (scripts/consumer/app.mjs) runs on the installed `@kassa/*` packages,
// shared by scripts/check-packages.mjs and scripts/release-dry-run.mjs:
//   1. a file importing every package, and every README example, typecheck with
//      `moduleResolution: "bundler"` (module esnext) and with `module: "node16"` in a
//      `type: module` app, the packages' own declarations included (skipLibCheck false);
//   2. `require()` of every package from a .cjs file works (the packages are ESM only on
//      purpose; Node >= 20.19 loads them through require(esm));
//   3. every "```ts example" / "```tsx example" block of each installed package's README.md runs
//      as written: compiled by tsc (jsx react-jsx) and run with node (with KASSA_API_URL set to
//      a running platform, as the api-client README says), and imports nothing but its package
//      and the package's peers (react-dom/server included);
//   4. @kassa/ui renders to HTML in Node, and Tailwind v4, set up with the CSS block of the
//      installed @kassa/ui README, builds every class of that HTML from the installed package.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exec, fail, LIBRARIES } from "./util.mjs";

const TSCONFIG = {
  target: "ES2022",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  jsx: "react-jsx",
  strict: true,
  skipLibCheck: false,
  types: ["node"],
};

const APP_TSX = `import * as api from "@kassa/api-client";
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
`;

const REQUIRE_CJS = `const packages = ${JSON.stringify(LIBRARIES.map((library) => `@kassa/${library}`))};
for (const name of packages) {
  const exported = Object.keys(require(name));
  if (exported.length === 0) throw new Error(\`require("\${name}") gave no exports\`);
  console.log(\`\${name}: \${exported.length} exports\`);
}
`;

const RENDER_MJS = `import * as api from "@kassa/api-client";
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
`;

/** The `ts example` / `tsx example` blocks of a README: `[{ lang, code, line }]`. */
export function readmeExamples(readme) {
  const examples = [];
  const fence = /^```(tsx?) example[^\n]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of readme.matchAll(fence)) {
    const line = readme.slice(0, match.index).split("\n").length;
    examples.push({ lang: match[1], code: match[2], line });
  }
  return examples;
}

/** The module specifiers a piece of code imports (static, side-effect and dynamic imports). */
function importedModules(code) {
  const pattern = /\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g;
  return [...code.matchAll(pattern)].map((match) => match[1]);
}

function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Writes the README examples of the installed packages; returns `[{ library, file, line }]`. */
function writeExamples(app) {
  mkdirSync(join(app.dir, "examples"));
  const written = [];
  for (const library of LIBRARIES) {
    const installed = join(app.dir, "node_modules", "@kassa", library);
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const examples = readmeExamples(readme);
    if (examples.length === 0) {
      fail(`${app.label}: the README of @kassa/${library} has no "\`\`\`ts example" block`);
    }
    const allowed = new Set([pkg.name, ...Object.keys(pkg.peerDependencies ?? {})]);
    examples.forEach(({ lang, code, line }, index) => {
      const where = `the README example at line ${line} of @kassa/${library}`;
      for (const specifier of importedModules(code)) {
        if (!allowed.has(packageOf(specifier))) {
          fail(
            `${app.label}: ${where} imports ${specifier}; an example may import only ${[...allowed].join(", ")}`,
          );
        }
      }
      const file = `${library}-${index + 1}.${lang}`;
      writeFileSync(join(app.dir, "examples", file), code);
      written.push({ library, file, line, where });
    });
  }
  return written;
}

/** The CSS block of the installed @kassa/ui README that imports the package's styles.css. */
function readmeCss(app) {
  const readme = readFileSync(join(app.dir, "node_modules", "@kassa", "ui", "README.md"), "utf8");
  const block = [...readme.matchAll(/^```css[^\n]*\n([\s\S]*?)^```[ \t]*$/gm)]
    .map((match) => match[1])
    .find((css) => css.includes('"@kassa/ui/styles.css"'));
  if (!block)
    fail(`${app.label}: the @kassa/ui README shows no CSS importing @kassa/ui/styles.css`);
  return block;
}

/**
 * Runs every check on an installed app; logs one ✔ line per check. `platformUrl` is a running
 * Kassa platform (scripts/consumer/platform.mjs), given to the examples as KASSA_API_URL.
 */
export async function checkApp(app, { platformUrl }) {
  const { dir, label } = app;
  const tsc = join(dir, "node_modules", "typescript", "bin", "tsc");

  // 1. Typecheck with both resolutions; the node16 run also compiles the examples to build/.
  mkdirSync(join(dir, "src"));
  writeFileSync(join(dir, "src", "app.tsx"), APP_TSX);
  const examples = writeExamples(app);
  const include = ["src", "examples"];
  writeFileSync(
    join(dir, "tsconfig.bundler.json"),
    JSON.stringify({
      compilerOptions: { ...TSCONFIG, module: "ESNext", moduleResolution: "Bundler", noEmit: true },
      include,
    }),
  );
  writeFileSync(
    join(dir, "tsconfig.node16.json"),
    JSON.stringify({
      compilerOptions: {
        ...TSCONFIG,
        module: "Node16",
        moduleResolution: "Node16",
        outDir: "build",
        rootDir: ".",
      },
      include,
    }),
  );
  await Promise.all(
    ["bundler", "node16"].map((resolution) =>
      exec(process.execPath, [tsc, "-p", `tsconfig.${resolution}.json`, "--pretty", "false"], {
        cwd: dir,
      }).catch((error) => {
        const firstError = error.details?.split("\n").find((text) => text.includes("error TS"));
        fail(
          `${label}: no typecheck with moduleResolution ${resolution}: ${firstError ?? error.message}`,
          error.details,
        );
      }),
    ),
  );
  console.log(
    `✔ ${label}: every package and ${examples.length} README examples typecheck (bundler, node16)`,
  );

  // 2. require() from CommonJS.
  writeFileSync(join(dir, "require.cjs"), REQUIRE_CJS);
  await exec(process.execPath, ["require.cjs"], {
    cwd: dir,
    what: `${label}: require() of the packages from a .cjs file failed`,
  });
  console.log(`✔ ${label}: require() loads every package from CommonJS (${process.version})`);

  // 3. The README examples as written, compiled by tsc above.
  for (const { file, where } of examples) {
    const built = join("build", "examples", file.replace(/\.tsx?$/, ".js"));
    await exec(process.execPath, [built], {
      cwd: dir,
      env: { KASSA_API_URL: platformUrl },
      timeoutMs: 60_000,
    }).catch((error) => {
      const lines = error.details.split("\n");
      // Node's report of the uncaught error ("Error: …", "TypeError: …"), else any error line.
      const firstError =
        lines.find((text) => /^\w*(Error|Exception)( \[\w+\])?:/.test(text)) ??
        lines.find((text) => /error/i.test(text));
      fail(`${label}: ${where} failed: ${firstError?.trim() ?? error.message}`, error.details);
    });
  }
  console.log(`✔ ${label}: the ${examples.length} README examples run`);

  // 4. Render @kassa/ui, then Tailwind as the README sets it up, in a folder of its own so its
  // automatic scan sees no app file: every class must come from the installed package.
  writeFileSync(join(dir, "render.mjs"), RENDER_MJS);
  const html = await exec(process.execPath, ["render.mjs"], {
    cwd: dir,
    what: `${label}: rendering @kassa/ui in Node failed`,
  });
  if (!html.includes('id="email-errors"'))
    fail(`${label}: the rendered Field has no error list`, html);
  writeFileSync(join(dir, "page.html"), `${html}\n<p class="bg-fuchsia-950">canary</p>\n`);
  const styles = join(dir, "styles");
  mkdirSync(styles);
  writeFileSync(join(styles, "app.css"), readmeCss(app));
  await exec(
    process.execPath,
    [
      join(dir, "node_modules", "@tailwindcss", "cli", "dist", "index.mjs"),
      "-i",
      "app.css",
      "-o",
      "out.css",
    ],
    { cwd: styles, what: `${label}: Tailwind failed to build the README's CSS` },
  );
  const css = readFileSync(join(styles, "out.css"), "utf8");
  const classes = new Set(
    [...html.matchAll(/class="([^"]*)"/g)]
      .flatMap((match) => unescapeHtml(match[1]).split(/\s+/))
      .filter(Boolean),
  );
  const missing = [...classes].filter((name) => !css.includes(selector(name)));
  if (classes.size < 20)
    fail(`${label}: only ${classes.size} classes rendered; the render went wrong`);
  if (missing.length > 0) {
    fail(`${label}: the CSS lacks ${missing.length} rendered classes: ${missing.join(" ")}`);
  }
  if (css.includes(selector("bg-fuchsia-950"))) fail(`${label}: Tailwind scanned the app`);
  console.log(`✔ ${label}: Tailwind builds all ${classes.size} classes of the rendered components`);
}

/** The selector Tailwind writes for a class (CSS.escape for the characters classes use). */
function selector(name) {
  return `.${name.replace(/^\d/, (digit) => `\\3${digit} `).replace(/[^\w\u0080-\uffff-]/g, "\\$&")}`;
}

const HTML_ENTITIES = { amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" };

function unescapeHtml(text) {
  return text.replace(/&(amp|quot|#x27|lt|gt);/g, (_, name) => HTML_ENTITIES[name]);
}
