CREATE TABLE "sheet_links" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"source_url" text NOT NULL,
	"schedule" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"last_report" jsonb,
	"last_rows" integer,
	"sync_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheet_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"report" jsonb,
	"removing" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sheet_links" ADD CONSTRAINT "sheet_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_sync_runs" ADD CONSTRAINT "sheet_sync_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sheet_links_next_sync_idx" ON "sheet_links" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "sheet_sync_runs_project_idx" ON "sheet_sync_runs" USING btree ("project_id","started_at");