CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"content_html" text,
	"meta_tags" text DEFAULT '' NOT NULL,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"service_type" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"contact_phone_number" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"client_domain" text,
	"is_domain_verified" boolean DEFAULT false NOT NULL,
	"create_service_pages" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"meta_tags_template" text DEFAULT '' NOT NULL,
	"tracking_code_head" text DEFAULT '' NOT NULL,
	"tracking_code_body" text DEFAULT '' NOT NULL,
	"header_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"netlify_site_id" text,
	"netlify_site_url" text,
	"netlify_site_url_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_site_map" boolean DEFAULT false NOT NULL,
	"deployment_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"county_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"zips" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"status" text NOT NULL,
	"model" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"content_html" text,
	"meta_tags" text DEFAULT '' NOT NULL,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_counties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"page_id" uuid,
	"city_id" uuid,
	"model" text NOT NULL,
	"call_type" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_county_id_location_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."location_counties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_counties" ADD CONSTRAINT "location_counties_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_counties" ADD CONSTRAINT "location_counties_state_id_location_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."location_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_states" ADD CONSTRAINT "location_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_project_idx" ON "pages" USING btree ("project_id","kind","sort_order");--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cities_project_idx" ON "cities" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "cities_county_idx" ON "cities" USING btree ("county_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_counties_state_name_uq" ON "location_counties" USING btree ("state_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "location_states_project_code_uq" ON "location_states" USING btree ("project_id","code");--> statement-breakpoint
CREATE INDEX "ai_usage_project_idx" ON "ai_usage" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_usage_user_idx" ON "ai_usage" USING btree ("user_id");