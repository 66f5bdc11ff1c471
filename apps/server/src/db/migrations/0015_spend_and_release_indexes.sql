DROP INDEX "ai_usage_user_idx";--> statement-breakpoint
CREATE INDEX "projects_next_release_idx" ON "projects" USING btree ("next_release_at") WHERE "projects"."next_release_at" is not null;--> statement-breakpoint
CREATE INDEX "ai_usage_user_created_idx" ON "ai_usage" USING btree ("user_id","created_at");