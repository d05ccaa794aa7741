DROP INDEX "orders_email_idx";--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_organisation_idx";--> statement-breakpoint
CREATE INDEX "gift_card_draws_order_idx" ON "gift_card_draws" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_email_list_idx" ON "orders" USING btree ("email","placed_at" DESC NULLS FIRST,"reference" DESC NULLS FIRST,"organisation_id","user_id","order_states");--> statement-breakpoint
CREATE INDEX "orders_user_list_idx" ON "orders" USING btree ("user_id","placed_at" DESC NULLS FIRST,"reference" DESC NULLS FIRST,"organisation_id","email","order_states");--> statement-breakpoint
CREATE INDEX "orders_organisation_list_idx" ON "orders" USING btree ("organisation_id","placed_at" DESC NULLS FIRST,"reference" DESC NULLS FIRST,"user_id","email","order_states");