CREATE TABLE "site_memos" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"files" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "content_hash" text GENERATED ALWAYS AS (md5(coalesce(content_html, '') || chr(1) || meta_tags)) STORED;--> statement-breakpoint
ALTER TABLE "site_memos" ADD CONSTRAINT "site_memos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;