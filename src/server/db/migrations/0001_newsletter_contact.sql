CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"practice" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "unsubscribe_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_unsubscribe_unique" ON "subscribers" USING btree ("unsubscribe_token_hash");