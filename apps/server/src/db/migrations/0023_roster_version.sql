CREATE TABLE "roster_version" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_version" ADD CONSTRAINT "roster_version_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: every write of a school's students, classes or grades moves its roster version on, in the
-- writing transaction (statement triggers, one row per school touched: an import of 10,000 rows is one bump).
-- The students page (modules/school/student.repo.ts) caches per process under this number.
CREATE OR REPLACE FUNCTION roster_touch_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO roster_version AS r (school_id, version)
    SELECT DISTINCT school_id, 1 FROM roster_rows
    ON CONFLICT (school_id) DO UPDATE SET version = r.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION roster_touch_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO roster_version AS r (school_id, version)
    SELECT DISTINCT school_id, 1 FROM roster_gone
    ON CONFLICT (school_id) DO UPDATE SET version = r.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER student_roster_insert AFTER INSERT ON student REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER student_roster_update AFTER UPDATE ON student REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER student_roster_delete AFTER DELETE ON student REFERENCING OLD TABLE AS roster_gone
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_old();
--> statement-breakpoint
CREATE TRIGGER class_roster_insert AFTER INSERT ON class REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER class_roster_update AFTER UPDATE ON class REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER class_roster_delete AFTER DELETE ON class REFERENCING OLD TABLE AS roster_gone
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_old();
--> statement-breakpoint
CREATE TRIGGER grade_roster_insert AFTER INSERT ON grade REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER grade_roster_update AFTER UPDATE ON grade REFERENCING NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_new();
--> statement-breakpoint
CREATE TRIGGER grade_roster_delete AFTER DELETE ON grade REFERENCING OLD TABLE AS roster_gone
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_old();
