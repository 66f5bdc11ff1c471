ALTER TABLE "cities" ADD COLUMN "facts_stated" integer;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "stuffing" integer;