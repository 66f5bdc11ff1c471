ALTER TABLE "city_facts" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "city_facts_city_key_uq";--> statement-breakpoint
ALTER TABLE "city_facts" ADD CONSTRAINT "city_facts_pkey" PRIMARY KEY("city_id","key");--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "photo_note" text;--> statement-breakpoint
ALTER TABLE "project_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "city_facts" DROP CONSTRAINT "city_facts_project_id_projects_id_fk";
