ALTER TABLE "projects" ADD COLUMN "quality_gate" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gate_max_similarity" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gate_min_local_share" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gate_min_words" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "index_now" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "index_now_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "release_per_day" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "release_time" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "release_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "release_paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "next_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "local_share" real;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "word_count" integer;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deploys" ADD COLUMN "index_now" text;