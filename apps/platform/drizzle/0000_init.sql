CREATE TABLE "cart_items" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_variant_id" text NOT NULL,
	"product_parent_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"uri" text NOT NULL,
	"parent_id" text,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"color_hex" text NOT NULL,
	"image_shape" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "categories_uri_unique" UNIQUE("uri")
);
--> statement-breakpoint
CREATE TABLE "product_child_items" (
	"product_parent_id" text NOT NULL,
	"child_variant_id" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "product_child_items_product_parent_id_child_variant_id_pk" PRIMARY KEY("product_parent_id","child_variant_id")
);
--> statement-breakpoint
CREATE TABLE "product_parent_categories" (
	"product_parent_id" text NOT NULL,
	"category_id" text NOT NULL,
	CONSTRAINT "product_parent_categories_product_parent_id_category_id_pk" PRIMARY KEY("product_parent_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_parents" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"brand" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"order_limit" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_listed" boolean DEFAULT true NOT NULL,
	"image_shape" text NOT NULL,
	"image_color_hex" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "product_parents_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_parent_id" text NOT NULL,
	"sku" text NOT NULL,
	"color" jsonb,
	"color_hex" text,
	"size" text,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopper_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"store_group_id" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"language_code" text NOT NULL,
	"is_tax_included_in_price" boolean NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_prices" (
	"product_variant_id" text NOT NULL,
	"store_group_id" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"base_price_amount" integer NOT NULL,
	"sale_price_amount" integer NOT NULL,
	"tax_percentage" integer NOT NULL,
	CONSTRAINT "variant_prices_product_variant_id_store_group_id_country_code_pk" PRIMARY KEY("product_variant_id","store_group_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "variant_stocks" (
	"product_variant_id" text NOT NULL,
	"country_code" text NOT NULL,
	"stock_quantity" integer NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_stocks_product_variant_id_country_code_pk" PRIMARY KEY("product_variant_id","country_code")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_session_id_shopper_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."shopper_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_child_items" ADD CONSTRAINT "product_child_items_product_parent_id_product_parents_id_fk" FOREIGN KEY ("product_parent_id") REFERENCES "public"."product_parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_child_items" ADD CONSTRAINT "product_child_items_child_variant_id_product_variants_id_fk" FOREIGN KEY ("child_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parent_categories" ADD CONSTRAINT "product_parent_categories_product_parent_id_product_parents_id_fk" FOREIGN KEY ("product_parent_id") REFERENCES "public"."product_parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parent_categories" ADD CONSTRAINT "product_parent_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_parent_id_product_parents_id_fk" FOREIGN KEY ("product_parent_id") REFERENCES "public"."product_parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_stocks" ADD CONSTRAINT "variant_stocks_product_variant_id_product_variants_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_session_idx" ON "cart_items" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "product_parent_categories_category_idx" ON "product_parent_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_parents_sort_idx" ON "product_parents" USING btree ("sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_parent_idx" ON "product_variants" USING btree ("product_parent_id");