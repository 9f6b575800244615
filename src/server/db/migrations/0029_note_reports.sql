CREATE TABLE "note_report_day_criteria" (
	"practice_id" integer,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"code" text NOT NULL,
	"met" integer NOT NULL,
	"applicable" integer NOT NULL,
	CONSTRAINT "note_report_day_criteria_key" UNIQUE NULLS NOT DISTINCT("practice_id","user_id","day","code")
);
--> statement-breakpoint
CREATE TABLE "note_report_days" (
	"practice_id" integer,
	"user_id" integer NOT NULL,
	"appointment_type" text NOT NULL,
	"day" date NOT NULL,
	"notes" integer NOT NULL,
	"audio_seconds" bigint NOT NULL,
	"edit_seconds" bigint NOT NULL,
	"letters_treatment" integer NOT NULL,
	"letters_consent" integer NOT NULL,
	"letters_referral" integer NOT NULL,
	"positive" integer NOT NULL,
	"neutral" integer NOT NULL,
	"negative" integer NOT NULL,
	CONSTRAINT "note_report_days_key" UNIQUE NULLS NOT DISTINCT("practice_id","user_id","appointment_type","day")
);
--> statement-breakpoint
CREATE TABLE "note_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"note_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"practice_id" integer,
	"finished_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"appointment_type" text NOT NULL,
	"audio_seconds" integer NOT NULL,
	"edit_seconds" integer NOT NULL,
	"criteria_set" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"patient_sentiment" text,
	"letters_treatment" integer DEFAULT 0 NOT NULL,
	"letters_consent" integer DEFAULT 0 NOT NULL,
	"letters_referral" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_report_day_criteria" ADD CONSTRAINT "note_report_day_criteria_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_report_day_criteria" ADD CONSTRAINT "note_report_day_criteria_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_report_days" ADD CONSTRAINT "note_report_days_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_report_days" ADD CONSTRAINT "note_report_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reports" ADD CONSTRAINT "note_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_reports" ADD CONSTRAINT "note_reports_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_report_day_criteria_user_idx" ON "note_report_day_criteria" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "note_report_days_user_idx" ON "note_report_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "note_reports_client_note_unique" ON "note_reports" USING btree ("client_id","note_id");--> statement-breakpoint
CREATE INDEX "note_reports_practice_idx" ON "note_reports" USING btree ("practice_id","day");--> statement-breakpoint
CREATE INDEX "note_reports_user_idx" ON "note_reports" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "note_reports_received_idx" ON "note_reports" USING btree ("received_at");