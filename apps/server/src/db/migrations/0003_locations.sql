ALTER TABLE "cities" ADD COLUMN "place_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "meta_template" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "similarity" real;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "similar_to" uuid;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_counties" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "location_states" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Cities from before places were keyed stay distinct.
UPDATE "cities" SET "place_key" = "id"::text WHERE "place_key" = '';--> statement-breakpoint
CREATE UNIQUE INDEX "cities_project_place_uq" ON "cities" USING btree ("project_id","place_key");