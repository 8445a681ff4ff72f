ALTER TABLE "question" ADD COLUMN "b_options" text;--> statement-breakpoint
-- Hand-written: a change of a question's B number or B-paper option mapping moves no score, but the option
-- distributions of the reports and 试卷讲评 read through them — so it moves the subject's report version too
-- (report_version, 0019), and the cached reports of the subject are stale. Statement level, one bump per subject.
CREATE FUNCTION question_ab_report_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_version (subject_id, version)
  SELECT DISTINCT n.subject_id, 1 FROM new_questions n JOIN old_questions o ON o.id = n.id
  WHERE n.b_options IS DISTINCT FROM o.b_options OR n.b_no IS DISTINCT FROM o.b_no
  ON CONFLICT (subject_id) DO UPDATE SET version = report_version.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER question_ab_report_version AFTER UPDATE ON question
  REFERENCING OLD TABLE AS old_questions NEW TABLE AS new_questions
  FOR EACH STATEMENT EXECUTE FUNCTION question_ab_report_version_bump();
