CREATE TABLE "microsoft_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tid" text NOT NULL,
	"oid" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "first_factor" text DEFAULT 'pwd' NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "microsoft_tenant" text;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "require_microsoft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "microsoft_accounts" ADD CONSTRAINT "microsoft_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "microsoft_accounts_account_unique" ON "microsoft_accounts" USING btree ("tid","oid");--> statement-breakpoint
CREATE UNIQUE INDEX "microsoft_accounts_user_unique" ON "microsoft_accounts" USING btree ("user_id");