ALTER TABLE "users" ADD COLUMN "payment_action_invoice_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_action_url" text;