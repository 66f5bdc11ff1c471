CREATE TABLE "service_city_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"service_page_id" uuid NOT NULL,
	"status" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"content_html" text,
	"content" jsonb,
	"section_prints" jsonb,
	"meta_tags" text DEFAULT '' NOT NULL,
	"content_hash" text GENERATED ALWAYS AS (md5(coalesce(content_html, '') || chr(1) || meta_tags)) STORED,
	"similarity" real,
	"similar_to" uuid,
	"local_share" real,
	"word_count" integer,
	"facts_stated" integer,
	"stuffing" integer,
	"approved_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_one_owner";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "service_pages" jsonb DEFAULT '{"enabled":false,"services":"all","unlisted":"none"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "service_city_id" uuid;--> statement-breakpoint
ALTER TABLE "service_city_pages" ADD CONSTRAINT "service_city_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_city_pages" ADD CONSTRAINT "service_city_pages_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_city_pages" ADD CONSTRAINT "service_city_pages_service_page_id_pages_id_fk" FOREIGN KEY ("service_page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_city_pages_city_service_uq" ON "service_city_pages" USING btree ("city_id","service_page_id");--> statement-breakpoint
CREATE INDEX "service_city_pages_project_idx" ON "service_city_pages" USING btree ("project_id","status");--> statement-breakpoint
CREATE INDEX "service_city_pages_service_idx" ON "service_city_pages" USING btree ("service_page_id");--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_service_city_id_service_city_pages_id_fk" FOREIGN KEY ("service_city_id") REFERENCES "public"."service_city_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_versions_service_city_idx" ON "page_versions" USING btree ("service_city_id","created_at");--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_one_owner" CHECK (num_nonnulls("page_versions"."page_id", "page_versions"."city_id", "page_versions"."service_city_id") = 1);