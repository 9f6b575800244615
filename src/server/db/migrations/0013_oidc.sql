CREATE TABLE "oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"account_id" text,
	"user_session_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "oidc_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"sealed_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activates_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sessions" ADD COLUMN "amr" text[] DEFAULT '{pwd}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_models" ADD CONSTRAINT "oidc_models_user_session_id_user_sessions_id_fk" FOREIGN KEY ("user_session_id") REFERENCES "public"."user_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_account_idx" ON "oidc_models" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "oidc_models_user_session_idx" ON "oidc_models" USING btree ("user_session_id");--> statement-breakpoint
CREATE INDEX "oidc_models_unlinked_sessions_idx" ON "oidc_models" USING btree ("model") WHERE "oidc_models"."model" = 'Session' and "oidc_models"."user_session_id" is null;--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_public_id_unique" ON "users" USING btree ("public_id");