-- Issue 35: the minute sweep (marking.jobs.ts) ran createTasks for every subject in 阅卷中, an anti-join of every
-- live paper × block against mark_task whether anything was new or not (1.3 s a subject of 100,000 papers under
-- load). Now triggers note a subject here whenever what makes a paper × block eligible for tasks may have changed,
-- and the sweep runs createTasks only for a subject noted (and for all every 15th minute, the backstop for a note
-- taken by a process that died before sweeping). The triggers only insert, never update: ON CONFLICT DO NOTHING on
-- a committed row takes no lock, so two transactions of one subject never wait on each other here.
CREATE TABLE "mark_sweep_due" (
	"subject_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION mark_sweep_due_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mark_sweep_due (subject_id) VALUES (NEW.subject_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION mark_sweep_due_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mark_sweep_due (subject_id) SELECT DISTINCT subject_id FROM gone ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION mark_sweep_due_gone_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a third mark's or an arbitration's task removed leaves the paper its first: the sweep would make none
  INSERT INTO mark_sweep_due (subject_id) SELECT DISTINCT subject_id FROM gone WHERE slot <= 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- a paper that is live, recognised and matched to an examinee: new, or just become so, or its strips changed
CREATE TRIGGER "paper_sweep_due_insert" AFTER INSERT ON "paper" FOR EACH ROW
  WHEN (NEW.status = 'ok' AND NEW.deleted_at IS NULL AND NEW.examinee_id IS NOT NULL)
  EXECUTE FUNCTION mark_sweep_due_row();
--> statement-breakpoint
CREATE TRIGGER "paper_sweep_due_update" AFTER UPDATE OF status, deleted_at, examinee_id, scores ON "paper" FOR EACH ROW
  WHEN (NEW.status = 'ok' AND NEW.deleted_at IS NULL AND NEW.examinee_id IS NOT NULL
    AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS NOT NULL
      OR OLD.examinee_id IS DISTINCT FROM NEW.examinee_id OR OLD.scores IS DISTINCT FROM NEW.scores))
  EXECUTE FUNCTION mark_sweep_due_row();
--> statement-breakpoint
-- a block made or its questions or number of marks changed
CREATE TRIGGER "block_sweep_due_insert" AFTER INSERT ON "block" FOR EACH ROW
  EXECUTE FUNCTION mark_sweep_due_row();
--> statement-breakpoint
CREATE TRIGGER "block_sweep_due_update" AFTER UPDATE OF nos, mark_count ON "block" FOR EACH ROW
  WHEN (OLD.nos IS DISTINCT FROM NEW.nos OR OLD.mark_count IS DISTINCT FROM NEW.mark_count)
  EXECUTE FUNCTION mark_sweep_due_row();
--> statement-breakpoint
-- a 缺考, a block score or a first or second mark's task removed (once per statement, however many rows)
CREATE TRIGGER "absence_sweep_due" AFTER DELETE ON "absence" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION mark_sweep_due_gone();
--> statement-breakpoint
CREATE TRIGGER "block_score_sweep_due" AFTER DELETE ON "block_score" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION mark_sweep_due_gone();
--> statement-breakpoint
CREATE TRIGGER "mark_task_sweep_due" AFTER DELETE ON "mark_task" REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION mark_sweep_due_gone_task();
--> statement-breakpoint
-- every subject once: the first sweep after the upgrade sees what happened before it
INSERT INTO mark_sweep_due (subject_id) SELECT id FROM subject ON CONFLICT DO NOTHING;
