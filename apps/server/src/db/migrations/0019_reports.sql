CREATE TABLE "report_cache" (
	"exam_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"stamp" text NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_cache_exam_id_subject_id_pk" PRIMARY KEY("exam_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "report_version" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_cache" ADD CONSTRAINT "report_cache_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (drizzle cannot express triggers): every statement that writes `score` bumps the version of the
-- subjects it touched, so a cached report knows it is stale whichever module changed the scores. Statement
-- level with transition tables: one bump per subject per statement, not per row. Postgres allows a transition
-- table only on a single-event trigger, hence three triggers over one function.
CREATE FUNCTION report_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_version (subject_id, version)
  SELECT DISTINCT subject_id, 1 FROM changed_scores
  ON CONFLICT (subject_id) DO UPDATE SET version = report_version.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER score_insert_report_version AFTER INSERT ON score
  REFERENCING NEW TABLE AS changed_scores FOR EACH STATEMENT EXECUTE FUNCTION report_version_bump();
--> statement-breakpoint
CREATE TRIGGER score_update_report_version AFTER UPDATE ON score
  REFERENCING NEW TABLE AS changed_scores FOR EACH STATEMENT EXECUTE FUNCTION report_version_bump();
--> statement-breakpoint
CREATE TRIGGER score_delete_report_version AFTER DELETE ON score
  REFERENCING OLD TABLE AS changed_scores FOR EACH STATEMENT EXECUTE FUNCTION report_version_bump();
