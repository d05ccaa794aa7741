import { MARKETS, STORE_GROUPS } from "@kassa/domain";
import { sql } from "drizzle-orm";
import type { Database } from "../db/open-database.js";
import { COLOURS, PRODUCT_TYPES, type ProductTypeDefinition } from "./catalogue-data.js";
import { euroCentsFor, netOf, slugify } from "./generate-catalogue.js";

/**
 * Synthetic product parents for a large catalogue (`pnpm seed -- --products 100000`,
 * `KASSA_SEED_PRODUCTS`, and the benches): real products, listed on their category pages,
 * searchable and buyable. Each has one of the seed's product types (its category, price and
 * picture), a made-up line name (three of twenty syllables: 8,000 names, so the vocabulary grows
 * like a real catalogue's), a brand, two colour variants of the seed's colours, prices in every
 * market and store group, and stock in every market. Ids `pps-{n}`, slugs `{type}-{line}-{n}`,
 * SKUs `SY{n}-{1|2}-{colour code}`.
 *
 * Inserted in SQL, a few statements for any number: the catalogue triggers are held off during the
 * inserts and the search documents and category lists are then built once for all of them.
 */

/** Types a synthetic product can have: every listed type that is not a gift set or its box. */
const TYPES = Object.entries(PRODUCT_TYPES)
  .filter(([key]) => key !== "giftset" && key !== "giftbox")
  .map(([key, type]) => ({ key, type: type as ProductTypeDefinition }));
const COLOUR_LIST = Object.values(COLOURS);
// biome-ignore format: twenty syllables read best in two rows
const SYLLABLES = [
  "ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "hel", "jär",
  "kun", "lin", "mor", "nor", "pal", "rik", "sol", "tor", "vik", "ås",
];
const BRANDS = ["Ullfabriken", "Nordvik", "Saimaa Design", "Skog Studio", "Kivi & Co", "Fjällbruk"];

/** Products per insert statement: bounds the memory one statement needs. */
const CHUNK = 25_000;

export interface SyntheticResult {
  /** Product parents added now. */
  added: number;
  /** Product parents in the catalogue afterwards (seed and synthetic). */
  total: number;
  seconds: number;
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const json = (value: unknown) => `${literal(JSON.stringify(value))}::jsonb`;

function typesValues(): string {
  return TYPES.map(
    ({ key, type }, n) =>
      `(${n}, ${literal(key)}, ${literal(type.categoryId)}, ${json(type.name)}, ${json(type.description)}, ${literal(type.shape)}, ${literal(type.defaultHex)}, ${literal(slugify(type.name.sv))})`,
  ).join(",\n");
}

function pricesValues(): string {
  return TYPES.flatMap(({ type }, n) =>
    MARKETS.flatMap((market) => {
      const gross = market.currency === "SEK" ? type.priceSek * 100 : euroCentsFor(type.priceSek);
      return STORE_GROUPS.map((group) => {
        const amount = group.isTaxIncludedInPrice ? gross : netOf(gross, market.vatRate);
        return `(${n}, ${literal(group.id)}, ${literal(market.country)}, ${literal(market.currency)}, ${amount}, ${market.vatRate})`;
      });
    }),
  ).join(",\n");
}

function coloursValues(): string {
  return COLOUR_LIST.map(
    (colour, n) => `(${n}, ${literal(colour.code)}, ${json(colour.name)}, ${literal(colour.hex)})`,
  ).join(",\n");
}

function syllablesValues(): string {
  return SYLLABLES.map((syllable, n) => `(${n}, ${literal(syllable)})`).join(", ");
}

/** Runs statements one by one (PGlite's queries take one statement each). */
async function run(db: Database, ...statements: string[]) {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

async function scalar(db: Database, text: string): Promise<number> {
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Adds synthetic product parents until the catalogue has `total` of them (seed products
 * included); nothing when it already has as many. Numbering continues after the synthetic
 * products already there, so running it again with a larger total tops the catalogue up.
 */
export async function addSyntheticProducts(db: Database, total: number): Promise<SyntheticResult> {
  const started = performance.now();
  const before = await scalar(db, "select count(*)::int as n from product_parents");
  const wanted = Math.max(0, Math.floor(total) - before);
  if (wanted === 0) return { added: 0, total: before, seconds: 0 };
  const first =
    (await scalar(
      db,
      `select coalesce(max(substring(id from 5)::int), 0) as n from product_parents where id like 'pps-%'`,
    )) + 1;
  const last = first + wanted - 1;

  await db.transaction(async (tx) => {
    // The search documents and category lists are built once below, not per statement.
    for (const table of ["product_parents", "product_parent_categories", "product_variants"]) {
      await run(tx, `alter table ${table} disable trigger user`);
    }
    await run(
      tx,
      `create temporary table synthetic_types (n int, key text, category text, name jsonb,
         description jsonb, shape text, hex text, slug text) on commit drop`,
      `insert into synthetic_types values ${typesValues()}`,
      `create temporary table synthetic_prices (n int, store_group text, country text,
         currency text, amount int, vat int) on commit drop`,
      `insert into synthetic_prices values ${pricesValues()}`,
      `create temporary table synthetic_colours (n int, code text, name jsonb, hex text) on commit drop`,
      `insert into synthetic_colours values ${coloursValues()}`,
      `create temporary table synthetic_syllables (n int, s text) on commit drop`,
      `insert into synthetic_syllables values ${syllablesValues()}`,
    );
    const types = TYPES.length;
    const colours = COLOUR_LIST.length;
    const syllables = SYLLABLES.length;
    for (let from = first; from <= last; from += CHUNK) {
      const to = Math.min(last, from + CHUNK - 1);
      await run(
        tx,
        `create temporary table synthetic on commit drop as
           select i, 'pps-' || i as id, t.n as type, t.category, t.name, t.description, t.shape,
             t.hex, t.slug, initcap(a.s || b.s || c.s) as line
           from generate_series(${from}, ${to}) as i
           join synthetic_types t on t.n = i % ${types}
           join synthetic_syllables a on a.n = (i / ${types}) % ${syllables}
           join synthetic_syllables b on b.n = (i / ${types * syllables}) % ${syllables}
           join synthetic_syllables c on c.n = (i / ${types * syllables * syllables}) % ${syllables}`,
        `insert into product_parents (id, slug, brand, name, description, tags, is_active,
           is_listed, image_shape, image_color_hex, sort_order, created_at, updated_at)
         select id, slug || '-' || translate(lower(line), 'åäö', 'aao') || '-' || i,
           (array[${BRANDS.map(literal).join(", ")}])[1 + i % ${BRANDS.length}],
           jsonb_build_object('sv', (name->>'sv') || ' ' || line, 'fi', (name->>'fi') || ' ' || line,
             'en', (name->>'en') || ' ' || line),
           jsonb_build_object('sv', replace(description->>'sv', '{line}', line),
             'fi', replace(description->>'fi', '{line}', line),
             'en', replace(description->>'en', '{line}', line)),
           '{}', true, true, shape, hex, 100000 + i,
           timestamptz '2024-10-01 08:00:00+00' + (i % 400) * interval '1 day',
           timestamptz '2024-10-01 08:00:00+00' + (i % 400) * interval '1 day'
         from synthetic`,
        `insert into product_parent_categories (product_parent_id, category_id)
           select id, category from synthetic`,
        `create temporary table synthetic_variants on commit drop as
           select s.i, s.id as parent_id, s.type, 'pvs-' || s.i || '-' || k as id,
             'SY' || s.i || '-' || (k + 1) || '-' || c.code as sku, c.name, c.hex, k
           from synthetic s
           cross join generate_series(0, 1) as k
           join synthetic_colours c on c.n = (s.i * (3 + 4 * k)) % ${colours}`,
        `insert into product_variants (id, product_parent_id, sku, color, color_hex, size, sort_order)
           select id, parent_id, sku, name, hex, null, k from synthetic_variants`,
        `insert into variant_prices (product_variant_id, store_group_id, country_code,
           currency_code, base_price_amount, sale_price_amount, tax_percentage)
           select v.id, p.store_group, p.country, p.currency, p.amount, p.amount, p.vat
           from synthetic_variants v join synthetic_prices p on p.n = v.type`,
        `insert into variant_stocks (product_variant_id, country_code, stock_quantity,
           reserved_quantity)
           select v.id, m.country, 8 + (v.i * 37 + v.k * 13) % 113, 0
           from synthetic_variants v
           cross join (values ${MARKETS.map((market) => `(${literal(market.country)})`).join(", ")}) as m(country)`,
        `select kassa_refresh_product_search(array(select id from synthetic))`,
        `drop table synthetic_variants`,
        `drop table synthetic`,
      );
    }
    await run(tx, "select kassa_refresh_category_listings()");
    for (const table of ["product_parents", "product_parent_categories", "product_variants"]) {
      await run(tx, `alter table ${table} enable trigger user`);
    }
  });
  // Fresh statistics, so that the planner knows the catalogue's new size.
  await run(db, "analyze");
  return {
    added: wanted,
    total: before + wanted,
    seconds: (performance.now() - started) / 1000,
  };
}
