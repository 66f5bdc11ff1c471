CREATE TABLE "city_page_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"pages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage" DROP CONSTRAINT "ai_usage_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "city_page_ledger" ADD CONSTRAINT "city_page_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_page_ledger_user_idx" ON "city_page_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Backfill: the cities that exist today seed the ledger, one row per project and day they were
-- made, so this month's allowance is unchanged by the upgrade.
INSERT INTO "city_page_ledger" ("user_id", "project_id", "pages", "created_at")
SELECT p."user_id", c."project_id", count(*)::int, min(c."created_at")
FROM "cities" c JOIN "projects" p ON p."id" = c."project_id"
GROUP BY p."user_id", c."project_id", date_trunc('day', c."created_at");
