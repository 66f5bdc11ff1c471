ALTER TABLE "cities" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "photo_note" text;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE INDEX "project_images_source_idx" ON "project_images" USING btree ("project_id","source_url");