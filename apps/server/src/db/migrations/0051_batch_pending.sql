-- Issue 36: each recognised paper asks whether its batch still has a pending paper (scan.repo closeBatchIfDone);
-- through paper_batch_idx that read every paper of the batch recognised before it, 999 rows for the last of a
-- 1,000-paper batch (0.25 ms against 0.01 through this index, measured on PostgreSQL 15).
CREATE INDEX "paper_batch_pending_idx" ON "paper" USING btree ("batch_id") WHERE "paper"."status" = 'pending' and "paper"."deleted_at" is null;