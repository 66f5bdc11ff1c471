ALTER TABLE "users" ADD COLUMN "google_refresh_token_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_connected_at" timestamp with time zone;