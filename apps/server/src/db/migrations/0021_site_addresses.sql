CREATE TABLE "site_addresses" (
	"project_id" uuid NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"city_id" uuid,
	"service_slug" text,
	"redirect_to" text,
	"redirected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_addresses_pkey" PRIMARY KEY("project_id","path")
);
--> statement-breakpoint
ALTER TABLE "site_addresses" ADD CONSTRAINT "site_addresses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;