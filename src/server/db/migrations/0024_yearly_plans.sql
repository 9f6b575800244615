ALTER TABLE "users" ADD COLUMN "billing_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "renewal_moved" boolean DEFAULT false NOT NULL;