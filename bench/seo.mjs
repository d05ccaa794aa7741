// Lighthouse SEO (issue 30, ADR 0037): the mobile SEO score of the home page, a category, a
// product and a shop page in each market, at their locale addresses, as a crawler without cookies
// opens them. One run a page: the SEO audits read the document, not timings.
//
//   npm run build && node bench/seo.mjs
//
// Lighthouse is fetched by `npx` on the first run and drives Debian's Chromium (bench/browser.mjs).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lighthouse } from "./browser.mjs";
import { startPlatform, startStorefront, stopAll } from "./processes.mjs";

const PAGES = [
  { name: "home, Sweden", path: "/sv-se" },
  { name: "category, Sweden", path: "/sv-se/kategori/klader" },
  { name: "product, Sweden", path: "/sv-se/produkt/ulltroja-fjall" },
  { name: "shop page, Sweden", path: "/sv-se/kopvillkor" },
  { name: "home, Finland", path: "/fi-fi" },
  { name: "category, Finland", path: "/fi-fi/kategoria/klader" },
  { name: "product, Finland", path: "/fi-fi/tuote/ulltroja-fjall" },
  { name: "shop page, Finland", path: "/fi-fi/ostoehdot" },
];

const platformUrl = await startPlatform({
  port: Number(process.env.BENCH_SEO_PLATFORM_PORT ?? 4638),
});
const storefront = (
  await startStorefront({
    port: Number(process.env.BENCH_SEO_STOREFRONT_PORT ?? 3638),
    platformUrl,
  })
).replace("127.0.0.1", "localhost");
const folder = mkdtempSync(join(tmpdir(), "kassa-lighthouse-seo-"));
const rows = [];
try {
  for (const [index, page] of PAGES.entries()) {
    const result = await lighthouse(`${storefront}${page.path}`, {
      category: "seo",
      outputPath: join(folder, `report-${index}.json`),
    });
    rows.push({ ...page, ...result });
    process.stderr.write(`${page.name}: ${result.score}\n`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
  stopAll();
}
console.log("");
for (const row of rows) {
  const failed = row.failed.length > 0 ? `; failed: ${row.failed.join(", ")}` : "";
  console.log(
    `${row.score >= 100 ? "✓" : "✗"} Lighthouse mobile SEO, ${row.name} (${row.path}): ${row.score} (goal 100)${failed}`,
  );
}
process.exit(0);
