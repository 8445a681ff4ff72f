-- Hand-written (issue 35): mark_stat_apply (0018, as 0031 left it) was called for every row whose status, score
-- or user_id changed — each claim's lease, each lease the recycle job returns, each task createTasks inserts —
-- and did nothing unless the row entered or left 'submitted'. The same function, now called only then: a row
-- trigger's WHEN is evaluated without entering PL/pgSQL, so a claim (one row of every submit that claims the
-- next paper) no longer pays for a call. INSERT, UPDATE and DELETE are three triggers, as WHEN reads OLD or NEW.
DROP TRIGGER "mark_task_stat" ON "mark_task";--> statement-breakpoint
CREATE TRIGGER "mark_task_stat_insert" AFTER INSERT ON "mark_task"
  FOR EACH ROW WHEN (NEW.status = 'submitted') EXECUTE FUNCTION mark_stat_apply();--> statement-breakpoint
CREATE TRIGGER "mark_task_stat_update" AFTER UPDATE OF status, score, user_id ON "mark_task"
  FOR EACH ROW WHEN (OLD.status = 'submitted' OR NEW.status = 'submitted') EXECUTE FUNCTION mark_stat_apply();--> statement-breakpoint
CREATE TRIGGER "mark_task_stat_delete" AFTER DELETE ON "mark_task"
  FOR EACH ROW WHEN (OLD.status = 'submitted') EXECUTE FUNCTION mark_stat_apply();
