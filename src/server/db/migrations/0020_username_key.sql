-- Keys stay null here and are given by the app as it starts (auth/usernames.ts, docs/decisions/071-usernames-as-they-look.md):
-- a key needs the Unicode confusables table, which SQL does not have.
ALTER TABLE "admins" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_key_unique" ON "admins" USING btree ("username_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_unique" ON "users" USING btree ("username_key");