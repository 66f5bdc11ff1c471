ALTER TABLE "cities" ADD COLUMN "faqs" jsonb;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "faqs_hash" text;