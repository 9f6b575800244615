ALTER TABLE "referrals" ADD COLUMN "credit_amount" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "credit_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_subscription_id" text;--> statement-breakpoint
CREATE INDEX "referrals_credit_owed_idx" ON "referrals" USING btree ("id") WHERE "referrals"."credit_amount" is not null and "referrals"."credited_at" is null;--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");