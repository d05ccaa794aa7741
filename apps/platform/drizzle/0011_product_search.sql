CREATE TABLE "product_search" (
	"product_parent_id" text PRIMARY KEY NOT NULL,
	"document_sv" "tsvector" NOT NULL,
	"document_fi" "tsvector" NOT NULL,
	"document_en" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"language" text NOT NULL,
	"lexeme" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_lexicon_language_lexeme_pk" PRIMARY KEY("language","lexeme")
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_parent_id_product_parents_id_fk" FOREIGN KEY ("product_parent_id") REFERENCES "public"."product_parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_sv_idx" ON "product_search" USING gin ("document_sv");--> statement-breakpoint
CREATE INDEX "product_search_fi_idx" ON "product_search" USING gin ("document_fi");--> statement-breakpoint
CREATE INDEX "product_search_en_idx" ON "product_search" USING gin ("document_en");--> statement-breakpoint
-- Product search (docs/decisions/0018-product-search.md). Everything below is hand-written.
--
-- Trigram matching (typo tolerance, "did you mean") needs pg_trgm: a trusted extension on a
-- PostgreSQL server, loaded into PGlite by open-database.ts. Where it cannot be created, search
-- keeps working on full text alone (the platform checks for the extension at run time).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%); product search runs without typo tolerance', SQLERRM;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS search_lexicon_trgm_idx ON search_lexicon USING gin (lexeme gin_trgm_ops)';
  END IF;
END
$$;
--> statement-breakpoint
-- SKU prefix lookups (`KS1001`, `ks1001-nvy`) in any case.
CREATE INDEX IF NOT EXISTS product_variants_sku_search_idx ON product_variants (upper(sku) text_pattern_ops);
--> statement-breakpoint
-- Lower case without accents, so "troja" finds "Tröja" and "aiti" finds "äiti". The query side
-- calls the same function, so both sides always fold alike.
CREATE OR REPLACE FUNCTION kassa_search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(input, '')),
    'åäöáàâãéèêëíìîïóòôõúùûüýÿæøçñšž',
    'aaoaaaaeeeeiiiioooouuuuyyaocnsz')
$$;
--> statement-breakpoint
-- A text in one language, falling back to Swedish as the product API does.
CREATE OR REPLACE FUNCTION kassa_search_translation(texts jsonb, language text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(nullif(texts ->> language, ''), texts ->> 'sv', '')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_search_document(
  config regconfig, name text, brand text, category_names text, colour_names text
) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(config, kassa_search_fold(name)), 'A')
      || setweight(to_tsvector(config, kassa_search_fold(category_names)), 'B')
      || setweight(to_tsvector(config, kassa_search_fold(brand)), 'B')
      || setweight(to_tsvector(config, kassa_search_fold(colour_names)), 'C')
$$;
--> statement-breakpoint
-- Rebuilds the search documents of some product parents, and adds their words to the lexicon.
CREATE OR REPLACE FUNCTION kassa_refresh_product_search(parent_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF parent_ids IS NULL OR cardinality(parent_ids) = 0 THEN
    RETURN;
  END IF;

  WITH RECURSIVE chain AS (
    -- Each product's categories and every category above them.
    SELECT link.product_parent_id, category.id, category.parent_id, category.name
    FROM product_parent_categories link
    JOIN categories category ON category.id = link.category_id
    WHERE link.product_parent_id = ANY (parent_ids)
    UNION
    SELECT chain.product_parent_id, category.id, category.parent_id, category.name
    FROM chain
    JOIN categories category ON category.id = chain.parent_id
  ),
  languages (code, config) AS (
    VALUES ('sv', 'swedish'::regconfig), ('fi', 'finnish'::regconfig), ('en', 'english'::regconfig)
  ),
  texts AS (
    SELECT
      parent.id,
      languages.code,
      languages.config,
      kassa_search_translation(parent.name, languages.code) AS name,
      parent.brand,
      (SELECT string_agg(kassa_search_translation(chain.name, languages.code), ' ')
         FROM chain WHERE chain.product_parent_id = parent.id) AS category_names,
      (SELECT string_agg(DISTINCT kassa_search_translation(variant.color, languages.code), ' ')
         FROM product_variants variant
         WHERE variant.product_parent_id = parent.id AND variant.color IS NOT NULL) AS colour_names
    FROM product_parents parent
    CROSS JOIN languages
    WHERE parent.id = ANY (parent_ids)
  ),
  documents AS (
    SELECT
      id,
      kassa_search_document(config, name, brand, category_names, colour_names) AS document,
      code
    FROM texts
  ),
  written AS (
    INSERT INTO product_search (product_parent_id, document_sv, document_fi, document_en)
    SELECT
      id,
      (array_agg(document) FILTER (WHERE code = 'sv'))[1],
      (array_agg(document) FILTER (WHERE code = 'fi'))[1],
      (array_agg(document) FILTER (WHERE code = 'en'))[1]
    FROM documents
    GROUP BY id
    ON CONFLICT (product_parent_id) DO UPDATE SET
      document_sv = excluded.document_sv,
      document_fi = excluded.document_fi,
      document_en = excluded.document_en
    RETURNING 1
  ),
  words AS (
    -- The parser's words (asciiword, word, numword and the parts of hyphenated words).
    SELECT DISTINCT texts.code, texts.config, lower(token.token) AS word
    FROM texts,
      ts_parse('default', concat_ws(' ', texts.name, texts.brand, texts.category_names,
        texts.colour_names)) AS token
    WHERE token.tokid IN (1, 2, 3, 7, 8, 9)
  )
  INSERT INTO search_lexicon (language, lexeme, word)
  SELECT DISTINCT ON (words.code, lexeme.lexeme) words.code, lexeme.lexeme, words.word
  FROM words,
    unnest(to_tsvector(words.config, kassa_search_fold(words.word))) AS lexeme
  -- The shortest spelling of a lexeme is the one "did you mean" offers (`tröja` before `tröjor`).
  ORDER BY words.code, lexeme.lexeme, length(words.word), words.word
  ON CONFLICT (language, lexeme) DO NOTHING;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_product_search_parents_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kassa_refresh_product_search(ARRAY(SELECT DISTINCT id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_product_search_links_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kassa_refresh_product_search(ARRAY(SELECT DISTINCT product_parent_id FROM changed_rows));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_product_search_categories_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kassa_refresh_product_search(ARRAY(
    WITH RECURSIVE below AS (
      SELECT id FROM changed_rows
      UNION
      SELECT category.id FROM categories category JOIN below ON category.parent_id = below.id
    )
    SELECT DISTINCT link.product_parent_id
    FROM product_parent_categories link
    JOIN below ON below.id = link.category_id
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_search_parents_inserted AFTER INSERT ON product_parents
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_parents_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_parents_updated AFTER UPDATE ON product_parents
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_parents_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_variants_inserted AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_variants_updated AFTER UPDATE ON product_variants
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_variants_deleted AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_linked AFTER INSERT ON product_parent_categories
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_unlinked AFTER DELETE ON product_parent_categories
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_renamed AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_product_search_categories_changed();
--> statement-breakpoint
-- The catalogue already in the database.
SELECT kassa_refresh_product_search(ARRAY(SELECT id FROM product_parents));
