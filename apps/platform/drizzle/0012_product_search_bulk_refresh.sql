-- Product search: the refresh of 0011 looked each product's category and colour names up with
-- a subquery per product and language, which is quadratic in a bulk insert (100,000 products in
-- one statement did not finish in ten minutes). The same documents, with the names aggregated once.
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
  -- Names per product and language, aggregated once (not looked up per product: a bulk insert
  -- of 100,000 products refreshes them all in one statement).
  category_names AS (
    SELECT chain.product_parent_id, languages.code,
      string_agg(kassa_search_translation(chain.name, languages.code), ' ') AS names
    FROM chain
    CROSS JOIN languages
    GROUP BY chain.product_parent_id, languages.code
  ),
  colour_names AS (
    SELECT variant.product_parent_id, languages.code,
      string_agg(DISTINCT kassa_search_translation(variant.color, languages.code), ' ') AS names
    FROM product_variants variant
    CROSS JOIN languages
    WHERE variant.product_parent_id = ANY (parent_ids) AND variant.color IS NOT NULL
    GROUP BY variant.product_parent_id, languages.code
  ),
  texts AS (
    SELECT
      parent.id,
      languages.code,
      languages.config,
      kassa_search_translation(parent.name, languages.code) AS name,
      parent.brand,
      category_names.names AS category_names,
      colour_names.names AS colour_names
    FROM product_parents parent
    CROSS JOIN languages
    LEFT JOIN category_names
      ON category_names.product_parent_id = parent.id AND category_names.code = languages.code
    LEFT JOIN colour_names
      ON colour_names.product_parent_id = parent.id AND colour_names.code = languages.code
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
