ALTER TABLE "product_parents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- A product's last change, for the sitemap's `lastmod`. Products from before this column last
-- changed when they were made, as far as anyone knows.
UPDATE "product_parents" SET "updated_at" = "created_at";
--> statement-breakpoint
-- Any update of a product's own row (names, description, slug, activity) is a change of it,
-- unless the statement sets `updated_at` itself (an import that carries its own dates).
CREATE OR REPLACE FUNCTION kassa_touch_product_parent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_parents_touch BEFORE UPDATE ON "product_parents"
FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION kassa_touch_product_parent();
