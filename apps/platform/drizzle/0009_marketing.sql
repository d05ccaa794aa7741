CREATE TABLE "marketing_consents" (
	"position" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_consents_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contact_id" text NOT NULL,
	"consent_id" text NOT NULL,
	"value" boolean NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"birth_day" date,
	"lang" text NOT NULL,
	"care_of" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"mobile_phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"contact_type" text DEFAULT 'Contact' NOT NULL,
	"app_user" boolean DEFAULT false NOT NULL,
	"last_app_login" timestamp with time zone,
	"bagaren_cart_id" text,
	"discovery_key" text NOT NULL,
	"member_source" text DEFAULT '' NOT NULL,
	"store_external_id" text DEFAULT '' NOT NULL,
	"accepts_email" boolean DEFAULT false NOT NULL,
	"accepts_postal" boolean DEFAULT false NOT NULL,
	"accepts_sms" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_contacts_discovery_key_unique" UNIQUE("discovery_key"),
	CONSTRAINT "marketing_contacts_email_lower_case" CHECK ("marketing_contacts"."email" = lower("marketing_contacts"."email"))
);
--> statement-breakpoint
CREATE TABLE "marketing_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_subscription_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"contact_id" text NOT NULL,
	"list_id" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_subscriptions" (
	"contact_id" text NOT NULL,
	"list_id" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"mail_sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketing_subscriptions_contact_id_list_id_pk" PRIMARY KEY("contact_id","list_id"),
	CONSTRAINT "marketing_subscriptions_status" CHECK ("marketing_subscriptions"."status" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
ALTER TABLE "marketing_consents" ADD CONSTRAINT "marketing_consents_contact_id_marketing_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."marketing_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscription_tokens" ADD CONSTRAINT "marketing_subscription_tokens_subscription_fk" FOREIGN KEY ("contact_id","list_id") REFERENCES "public"."marketing_subscriptions"("contact_id","list_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_contact_id_marketing_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."marketing_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_subscriptions" ADD CONSTRAINT "marketing_subscriptions_list_id_marketing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."marketing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consents_contact_idx" ON "marketing_consents" USING btree ("contact_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contacts_email_unique" ON "marketing_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "marketing_subscription_tokens_subscription_idx" ON "marketing_subscription_tokens" USING btree ("contact_id","list_id","kind");