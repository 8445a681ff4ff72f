DROP INDEX "mark_task_lease_idx";--> statement-breakpoint
CREATE INDEX "mark_task_lease_idx" ON "mark_task" USING btree ("block_id","lease_until") WHERE "mark_task"."status" = 'leased';