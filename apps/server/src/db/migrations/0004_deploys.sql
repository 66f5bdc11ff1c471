CREATE TABLE "deploys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"files_total" integer DEFAULT 0 NOT NULL,
	"files_to_upload" integer DEFAULT 0 NOT NULL,
	"files_uploaded" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_kind" text,
	"netlify_deploy_id" text,
	"site_url" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deploys" ADD CONSTRAINT "deploys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deploys_project_started_idx" ON "deploys" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deploys_one_active_uq" ON "deploys" USING btree ("project_id") WHERE state in ('queued', 'building', 'uploading', 'processing');