CREATE TABLE "category_listings" (
	"category_id" text NOT NULL,
	"with_descendants" boolean NOT NULL,
	"position" integer NOT NULL,
	"product_parent_id" text NOT NULL,
	CONSTRAINT "category_listings_category_id_with_descendants_position_pk" PRIMARY KEY("category_id","with_descendants","position")
);
--> statement-breakpoint
-- Category pages as stored lists (docs/decisions/0023-catalogue-size.md). Reading a page of a
-- category used to read every listed product of the shop and page in the application; counting a
-- category's products did the same. Here each category's listed products are numbered once, in the
-- page's order, so a page is a range of positions (any page, the thousandth as cheap as the first)
-- and the count is the highest position. The catalogue is written by the seed and imports, not by
-- shoppers: a statement that changes products, their categories or the category tree renumbers
-- every list once, at the end of the statement.
CREATE OR REPLACE FUNCTION kassa_refresh_category_listings() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- One rebuild at a time: a second writer waits here, then sees the first one's lists (each
  -- statement below takes a fresh snapshot) instead of inserting positions already taken.
  -- Readers are not blocked; they see the old lists until the writer commits.
  LOCK TABLE category_listings IN EXCLUSIVE MODE;
  DELETE FROM category_listings;
  WITH RECURSIVE tree AS (
    -- Each category with itself and every category below it.
    SELECT id AS category_id, id AS member_id FROM categories
    UNION
    SELECT tree.category_id, child.id
    FROM tree
    JOIN categories child ON child.parent_id = tree.member_id
  ),
  listed AS (
    SELECT link.category_id, parent.id, parent.sort_order
    FROM product_parent_categories link
    JOIN product_parents parent ON parent.id = link.product_parent_id
    WHERE parent.is_active AND parent.is_listed
  ),
  entries AS (
    SELECT listed.category_id, false AS with_descendants, listed.id, listed.sort_order
    FROM listed
    UNION ALL
    -- A product in two categories of one tree is listed once.
    SELECT DISTINCT tree.category_id, true, listed.id, listed.sort_order
    FROM tree
    JOIN listed ON listed.category_id = tree.member_id
  )
  INSERT INTO category_listings (category_id, with_descendants, position, product_parent_id)
  SELECT category_id, with_descendants,
    row_number() OVER (PARTITION BY category_id, with_descendants ORDER BY sort_order, id),
    id
  FROM entries;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_category_listings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM kassa_refresh_category_listings();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kassa_category_listings_parents_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Only what a category page shows or orders by: a new name or price re-lists nothing.
  IF EXISTS (
    SELECT 1 FROM old_rows JOIN new_rows ON new_rows.id = old_rows.id
    WHERE (old_rows.is_active, old_rows.is_listed, old_rows.sort_order)
      IS DISTINCT FROM (new_rows.is_active, new_rows.is_listed, new_rows.sort_order)
  ) OR EXISTS (
    SELECT id FROM new_rows EXCEPT SELECT id FROM old_rows
  ) THEN
    PERFORM kassa_refresh_category_listings();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER category_listings_parents_changed
  AFTER INSERT OR DELETE ON product_parents
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_category_listings_changed();
--> statement-breakpoint
CREATE TRIGGER category_listings_parents_updated
  AFTER UPDATE ON product_parents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_category_listings_parents_updated();
--> statement-breakpoint
CREATE TRIGGER category_listings_links_changed
  AFTER INSERT OR DELETE OR UPDATE ON product_parent_categories
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_category_listings_changed();
--> statement-breakpoint
CREATE TRIGGER category_listings_categories_changed
  AFTER INSERT OR DELETE OR UPDATE OF parent_id ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION kassa_category_listings_changed();
--> statement-breakpoint
SELECT kassa_refresh_category_listings();
