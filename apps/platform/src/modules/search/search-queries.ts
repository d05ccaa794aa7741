import type {
  ProductSearchReply,
  SearchSuggestionsReply,
  SuggestedCategory,
  SuggestedProduct,
} from "@kassa/api-client";
import { SEARCH_SUGGESTION_LIMIT, searchTerms } from "@kassa/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/open-database.js";
import type { Language } from "../catalogue/language.js";
import { DEFAULT_PER_PAGE } from "../catalogue/product-queries.js";
import { loadProducts, type ProductContext } from "../catalogue/products.js";
import { hasTrigram } from "./trigram.js";

/**
 * Product search (docs/decisions/0018-product-search.md). A query's words are matched against
 * the search documents that `drizzle/0011_product_search.sql` keeps per product and language:
 *
 * - each word as a prefix of a stemmed, accent-folded lexeme of that language's configuration
 *   (`tröjor`, `troja` and `tröj` all find the lexeme `troj` of "Tröjor");
 * - a word the catalogue does not know also through the lexicon's words closest to it by
 *   trigram similarity (pg_trgm, where present): `tröija` finds `troj`, `sockor` the `ullsock`
 *   of "Ullsockor"; the closest word's spelling is the reply's `suggestion`;
 * - the whole query as the start of a variant's SKU (`KS1001`, `ks1001-nvy`).
 *
 * Every word must match (AND). Results are ranked by SKU match, then `ts_rank` (name weighs
 * more than category and brand, which weigh more than colour), then the catalogue's order.
 */

const CONFIGS: Record<Language, string> = { sv: "swedish", fi: "finnish", en: "english" };

/** Lexicon words offered for an unknown word, best first. */
const MAX_CLOSE_WORDS = 3;
/** Unknown words shorter than this are not corrected: too many words are close to them. */
const MIN_CORRECTED_LENGTH = 3;
/** Products a SKU prefix may bring in (a prefix like `KS1` names every variant). */
const MAX_SKU_MATCHES = 1000;

export interface SearchOptions {
  /** Use trigram matching; default: when the database has pg_trgm. */
  trigram?: boolean;
}

interface CloseWord {
  lexeme: string;
  word: string;
}

interface AnalysedTerm {
  term: string;
  /** The term's lexemes in the language's configuration; none for a stop word. */
  stems: string[];
  /** For a term no lexicon word starts with: the closest lexicon words. */
  closeWords: CloseWord[] | null;
}

interface Analysis {
  terms: AnalysedTerm[];
  /** The text-search query, or null when no word can match anything. */
  tsquery: string | null;
  /** Product parent ids whose variants' SKUs start with the query. */
  skuMatches: string[];
  suggestion: string | null;
}

async function rows<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** A lexeme as a tsquery operand: quoted, so that no character of it is read as syntax. */
function operand(lexeme: string, prefix: boolean): string {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${prefix ? ":*" : ""}`;
}

/** A query that could be a SKU or its start: letters, digits and dashes, with a digit. */
function skuPrefixOf(query: string): string | null {
  const compact = query.replace(/\s+/g, "").toUpperCase();
  return compact.length >= 3 && /\d/.test(compact) && /^[\p{L}\p{N}-]+$/u.test(compact)
    ? compact
    : null;
}

async function analyse(
  db: Database,
  query: string,
  language: Language,
  options: SearchOptions,
): Promise<Analysis> {
  const words = searchTerms(query);
  const config = CONFIGS[language];
  const skuPrefix = skuPrefixOf(query);

  // A query that is (the start of) a SKU finds those products and nothing else: its letters
  // and digits are no words of a product's name, and matching them as words would only add
  // products that share a colour code (`nav` of `SY1-1-NAV` → every navy product), at a cost that
  // grows with the catalogue (docs/performance.md, "Catalogue size").
  const skuRows = skuPrefix
    ? await rows<{ id: string }>(
        db,
        sql`select distinct product_parent_id as id from product_variants
            where upper(sku) like ${`${skuPrefix}%`} limit ${MAX_SKU_MATCHES}`,
      )
    : [];
  if (skuRows.length > 0) {
    return { terms: [], tsquery: null, skuMatches: skuRows.map((row) => row.id), suggestion: null };
  }

  const [stemRows, trigram] = await Promise.all([
    words.length === 0
      ? Promise.resolve([])
      : // Each word's lexemes, and whether a lexicon word starts with one of them (a known word).
        rows<{ term: string; stems: string[]; known: boolean }>(
          db,
          sql`select t.term, s.stems, exists (
                select 1 from search_lexicon l, unnest(s.stems) as stem
                where l.language = ${language} and l.lexeme like stem || '%'
              ) as known
              from unnest(${textArray(words)}) with ordinality as t(term, position)
              cross join lateral (
                select array(
                  select lexeme
                  from unnest(to_tsvector(${config}::regconfig, kassa_search_fold(t.term)))
                ) as stems
              ) as s
              order by t.position`,
        ),
    options.trigram ?? hasTrigram(db),
  ]);

  const terms = await Promise.all(
    stemRows.map(async ({ term, stems, known }): Promise<AnalysedTerm> => {
      const unknown = stems.length > 0 && !known;
      // SKUs and numbers are not in the lexicon; a near number is a different product.
      const correctable =
        unknown && trigram && !/\d/.test(term) && term.length >= MIN_CORRECTED_LENGTH;
      if (!correctable) return { term, stems, closeWords: unknown ? [] : null };
      const stem = stems[0] as string;
      const closeWords = await rows<CloseWord>(
        db,
        sql`select lexeme, word from search_lexicon
            where language = ${language} and (lexeme % ${stem} or ${stem} <% lexeme)
            order by greatest(similarity(lexeme, ${stem}), word_similarity(${stem}, lexeme)) desc,
              length(lexeme), lexeme
            limit ${MAX_CLOSE_WORDS}`,
      );
      return { term, stems, closeWords };
    }),
  );

  const clauses = terms
    .filter((term) => term.stems.length > 0)
    .map((term) =>
      [
        ...term.stems.map((stem) => operand(stem, true)),
        ...(term.closeWords ?? []).map((close) => operand(close.lexeme, false)),
      ].join(" | "),
    );
  const tsquery = clauses.length > 0 ? clauses.map((clause) => `(${clause})`).join(" & ") : null;

  // "Did you mean": each unknown word replaced by its closest word; words with nothing close
  // are left out, so the suggestion can find something where the query could not.
  const corrected = terms.some((term) => (term.closeWords?.length ?? 0) > 0);
  const suggestion = corrected
    ? terms
        .flatMap((term) =>
          term.closeWords === null
            ? [term.term]
            : term.closeWords[0]
              ? [term.closeWords[0].word]
              : [],
        )
        .join(" ")
    : null;

  return { terms, tsquery, skuMatches: [], suggestion };
}

/**
 * The matching listed, active product parents, best first: `limit` of them after `offset`, with
 * the number of all matches.
 */
async function rankedMatches(
  db: Database,
  analysis: Analysis,
  language: Language,
  limit: number,
  offset: number,
) {
  const { tsquery, skuMatches } = analysis;
  if (!tsquery && skuMatches.length === 0) return { ids: [] as string[], total: 0 };
  const document = sql.raw(`document_${language}`);
  const textMatches = tsquery
    ? sql`select product_parent_id as id, ts_rank(${document}, ${tsquery}::tsquery) as rank, 0 as sku
          from product_search where ${document} @@ ${tsquery}::tsquery`
    : sql`select null::text as id, 0::real as rank, 0 as sku where false`;
  const skuMatchRows =
    skuMatches.length > 0
      ? sql`union all select unnest(${textArray(skuMatches)}), 0::real, 1`
      : sql``;
  const found = await rows<{ id: string; total: number }>(
    db,
    sql`with matches as (${textMatches} ${skuMatchRows}),
        best as (
          select id, max(rank) as rank, max(sku) as sku from matches group by id
        )
        select parent.id, count(*) over ()::int as total
        from best join product_parents parent on parent.id = best.id
        where parent.is_active and parent.is_listed
        order by best.sku desc, best.rank desc, parent.sort_order, parent.id
        limit ${limit} offset ${offset}`,
  );
  if (found.length > 0 || offset === 0) {
    return { ids: found.map((row) => row.id), total: found[0]?.total ?? 0 };
  }
  // A page past the last: count the matches on their own.
  const [counted] = await rows<{ total: number }>(
    db,
    sql`with matches as (${textMatches} ${skuMatchRows})
        select count(distinct parent.id)::int as total
        from matches join product_parents parent on parent.id = matches.id
        where parent.is_active and parent.is_listed`,
  );
  return { ids: [], total: counted?.total ?? 0 };
}

/** `POST /enad/search-products/` */
export async function searchProducts(
  db: Database,
  request: { query: string; page?: number; per_page?: number },
  context: ProductContext,
  options: SearchOptions = {},
): Promise<ProductSearchReply> {
  const page = request.page ?? 1;
  const perPage = request.per_page ?? DEFAULT_PER_PAGE;
  const analysis = await analyse(db, request.query, context.language, options);
  const { ids, total } = await rankedMatches(
    db,
    analysis,
    context.language,
    perPage,
    (page - 1) * perPage,
  );
  return {
    // The same product answers as every product list, priced for the market and store group.
    data: await loadProducts(db, ids, context),
    total,
    total_pages: Math.ceil(total / perPage),
    page,
    query: request.query,
    suggestion: analysis.suggestion,
  };
}

/** `POST /enad/search-suggestions/` */
export async function searchSuggestions(
  db: Database,
  request: { query: string; limit?: number },
  context: ProductContext,
  options: SearchOptions = {},
): Promise<SearchSuggestionsReply> {
  const limit = request.limit ?? SEARCH_SUGGESTION_LIMIT;
  const { language } = context;
  const analysis = await analyse(db, request.query, language, options);
  const { ids, total } = await rankedMatches(db, analysis, language, limit, 0);

  const [products, categories] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : rows<SuggestedProduct>(
          db,
          sql`select id, slug, kassa_search_translation(name, ${language}) as name
              from product_parents where id = any(${textArray(ids)})`,
        ),
    analysis.tsquery
      ? rows<SuggestedCategory>(
          db,
          sql`select id, uri, kassa_search_translation(name, ${language}) as name
              from categories
              where to_tsvector(${CONFIGS[language]}::regconfig,
                kassa_search_fold(kassa_search_translation(name, ${language}))) @@ ${analysis.tsquery}::tsquery
              order by sort_order
              limit ${limit}`,
        )
      : Promise.resolve([]),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  return {
    query: request.query,
    products: ids.map((id) => byId.get(id)).filter((product) => product !== undefined),
    categories,
    total,
    suggestion: analysis.suggestion,
  };
}
