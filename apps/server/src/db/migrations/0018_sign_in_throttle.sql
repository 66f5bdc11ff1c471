CREATE TABLE "sign_in_proofs" (
	"user_id" uuid NOT NULL,
	"proof" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_proofs_user_id_proof_pk" PRIMARY KEY("user_id","proof")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"paused_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_proofs" ADD CONSTRAINT "sign_in_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_proofs_signed_in_idx" ON "sign_in_proofs" USING btree ("signed_in_at");--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sign_in_locked_until";