CREATE TABLE "city_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "page_title" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "services" jsonb;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "facts_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "city_facts" ADD CONSTRAINT "city_facts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_facts" ADD CONSTRAINT "city_facts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "city_facts_city_key_uq" ON "city_facts" USING btree ("city_id","key");--> statement-breakpoint
CREATE INDEX "city_facts_project_idx" ON "city_facts" USING btree ("project_id");