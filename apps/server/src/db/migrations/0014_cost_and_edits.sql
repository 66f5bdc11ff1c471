CREATE TABLE "model_prices" (
	"model" text PRIMARY KEY NOT NULL,
	"prompt_usd" real NOT NULL,
	"completion_usd" real NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spending_cap_usd" real;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cap_mailed_month" text;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "section_prints" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "spending_cap_usd" real;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "cap_mailed_month" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "section_prints" jsonb;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD COLUMN "cost_usd" real;--> statement-breakpoint
ALTER TABLE "page_versions" ADD COLUMN "proposed" boolean DEFAULT false NOT NULL;