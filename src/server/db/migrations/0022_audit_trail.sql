CREATE TABLE "admin_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"subject_user_id" integer,
	"subject_name" text,
	"detail" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"subject_user_id" integer,
	"subject_name" text,
	"detail" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_events_created_idx" ON "admin_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "practice_events_practice_idx" ON "practice_events" USING btree ("practice_id","id");--> statement-breakpoint
CREATE INDEX "practice_events_created_idx" ON "practice_events" USING btree ("created_at");--> statement-breakpoint
-- The audit trails are append-only (docs/decisions/090-practice-and-admin-audit-trails.md): no row is
-- changed, none deleted but by the retention purge, which names its retention (at least a year) for its
-- own transaction in chairnotes.audit_retention_days; only rows older than that may go. A truncate never.
CREATE FUNCTION "audit_rows_are_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	keep_days integer := nullif(current_setting('chairnotes.audit_retention_days', true), '')::integer;
BEGIN
	IF TG_OP = 'DELETE' AND keep_days >= 365 AND OLD.created_at < now() - make_interval(days => keep_days) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION '% is append-only: its rows are never changed, and deleted only past their retention', TG_TABLE_NAME
		USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER "practice_events_append_only" BEFORE UPDATE OR DELETE ON "practice_events" FOR EACH ROW EXECUTE FUNCTION "audit_rows_are_kept"();--> statement-breakpoint
CREATE TRIGGER "practice_events_no_truncate" BEFORE TRUNCATE ON "practice_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_rows_are_kept"();--> statement-breakpoint
CREATE TRIGGER "admin_events_append_only" BEFORE UPDATE OR DELETE ON "admin_events" FOR EACH ROW EXECUTE FUNCTION "audit_rows_are_kept"();--> statement-breakpoint
CREATE TRIGGER "admin_events_no_truncate" BEFORE TRUNCATE ON "admin_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_rows_are_kept"();
