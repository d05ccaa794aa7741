CREATE TABLE "gift_card_products" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"cart_item_id" text,
	"amount_to_load" integer NOT NULL,
	"currency_code" text NOT NULL,
	"template_id" text NOT NULL,
	"receiving_email" text NOT NULL,
	"sender_name" text,
	"message" text,
	"issued_gift_card_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_card_products" ADD CONSTRAINT "gift_card_products_session_id_shopper_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."shopper_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_products" ADD CONSTRAINT "gift_card_products_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_products" ADD CONSTRAINT "gift_card_products_issued_gift_card_code_gift_cards_code_fk" FOREIGN KEY ("issued_gift_card_code") REFERENCES "public"."gift_cards"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_products_session_idx" ON "gift_card_products" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_products_cart_item_idx" ON "gift_card_products" USING btree ("cart_item_id");