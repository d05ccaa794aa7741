ALTER TABLE "shopper_sessions" ADD COLUMN "customer_contact_user_id" text;--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD COLUMN "customer_billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "shopper_sessions" ADD COLUMN "customer_shipping_address" jsonb;