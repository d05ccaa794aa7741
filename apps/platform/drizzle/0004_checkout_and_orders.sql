CREATE TABLE "checkout_gift_cards" (
	"checkout_id" text NOT NULL,
	"gift_card_code" text NOT NULL,
	"amount" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "checkout_gift_cards_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_gift_cards_checkout_id_gift_card_code_pk" PRIMARY KEY("checkout_id","gift_card_code")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"cart_revision" integer NOT NULL,
	"payment_provider" text NOT NULL,
	"shipping_provider" text NOT NULL,
	"gift_card_provider" text,
	"cart" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"percent_off" integer,
	"amount_off" jsonb,
	"country_codes" text[] DEFAULT '{}' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"min_subtotal" jsonb,
	"product_tag" text,
	"requires_external_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_draws" (
	"gift_card_code" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_draws_gift_card_code_order_id_pk" PRIMARY KEY("gift_card_code","order_id")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"code" text PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"currency_code" text NOT NULL,
	"initial_balance" integer NOT NULL,
	"balance" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"receiving_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_variant_id" text NOT NULL,
	"product_parent_id" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"image_url" text NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_attributes" jsonb NOT NULL,
	"base_price_amount" integer NOT NULL,
	"sale_price_amount" integer NOT NULL,
	"total_discount_amount" integer NOT NULL,
	"total_price_amount" integer NOT NULL,
	"tax_percentage" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"checkout_id" text NOT NULL,
	"session_id" text NOT NULL,
	"store_group_id" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"language_code" text NOT NULL,
	"is_tax_included_in_price" boolean NOT NULL,
	"order_states" text[] DEFAULT '{"PLACED"}' NOT NULL,
	"custom_states" text[] DEFAULT '{}' NOT NULL,
	"email" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"discount_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_total" integer NOT NULL,
	"shipping_total" integer NOT NULL,
	"discount_total" integer NOT NULL,
	"tax_total" integer NOT NULL,
	"grand_total" integer NOT NULL,
	"gift_card_total" integer NOT NULL,
	"paid_amount" integer NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"shipping_provider" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_checkout_id_unique" UNIQUE("checkout_id")
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_gift_cards" ADD CONSTRAINT "checkout_gift_cards_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_gift_cards" ADD CONSTRAINT "checkout_gift_cards_gift_card_code_gift_cards_code_fk" FOREIGN KEY ("gift_card_code") REFERENCES "public"."gift_cards"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_session_id_shopper_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."shopper_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_draws" ADD CONSTRAINT "gift_card_draws_gift_card_code_gift_cards_code_fk" FOREIGN KEY ("gift_card_code") REFERENCES "public"."gift_cards"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_draws" ADD CONSTRAINT "gift_card_draws_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_session_idx" ON "checkouts" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_idx" ON "orders" USING btree ("payment_provider","payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_idx" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_reference_idx" ON "payment_sessions" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_sessions_checkout_idx" ON "payment_sessions" USING btree ("checkout_id");