-- Events recorded before this migration were processed when they arrived: their payload is not kept.
ALTER TABLE "stripe_events" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ALTER COLUMN "payload" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "stripe_events" SET "processed_at" = "received_at";--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "stripe_events_unprocessed_idx" ON "stripe_events" USING btree ("next_attempt_at") WHERE "stripe_events"."processed_at" is null;