CREATE TABLE "company_files" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "company_files_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_type" text NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "company_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_organisations_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_files_company_filename_unique" ON "company_files" USING btree ("company_id",lower("filename"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_files_one_primary" ON "company_files" USING btree ("company_id") WHERE "company_files"."logo_type" = 'primary';--> statement-breakpoint
CREATE INDEX "company_files_company_position_idx" ON "company_files" USING btree ("company_id","position");