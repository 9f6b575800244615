CREATE TABLE "practice_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"version" text NOT NULL,
	"accepted_by" integer,
	"accepted_by_name" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "session_hours" integer;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "session_cap_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "access_review_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_note_app_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "practice_agreements" ADD CONSTRAINT "practice_agreements_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_agreements" ADD CONSTRAINT "practice_agreements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_agreements_once" ON "practice_agreements" USING btree ("practice_id","version");