ALTER TABLE "pages" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_project_kind_slug_uq" ON "pages" USING btree ("project_id","kind","slug");