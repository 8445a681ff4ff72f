-- hand-written: an UPDATE of a student, class or grade moves the roster version of the school a row left as
-- well as the one it is in. 0023's update triggers saw only the new rows, so a row moved to another school
-- (school_id changed, by a script or a future feature) left its old school's remembered students pages
-- (modules/school/student.repo.ts) showing it until some other write there.
CREATE OR REPLACE FUNCTION roster_touch_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO roster_version AS r (school_id, version)
    SELECT school_id, 1 FROM roster_rows UNION SELECT school_id, 1 FROM roster_gone
    ON CONFLICT (school_id) DO UPDATE SET version = r.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER student_roster_update ON student;
--> statement-breakpoint
CREATE TRIGGER student_roster_update AFTER UPDATE ON student
  REFERENCING OLD TABLE AS roster_gone NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_both();
--> statement-breakpoint
DROP TRIGGER class_roster_update ON class;
--> statement-breakpoint
CREATE TRIGGER class_roster_update AFTER UPDATE ON class
  REFERENCING OLD TABLE AS roster_gone NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_both();
--> statement-breakpoint
DROP TRIGGER grade_roster_update ON grade;
--> statement-breakpoint
CREATE TRIGGER grade_roster_update AFTER UPDATE ON grade
  REFERENCING OLD TABLE AS roster_gone NEW TABLE AS roster_rows
  FOR EACH STATEMENT EXECUTE FUNCTION roster_touch_both();
