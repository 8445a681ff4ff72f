DROP INDEX "mark_task_pool_idx";--> statement-breakpoint
ALTER TABLE "mark_task" ADD COLUMN "pool_pos" integer GENERATED ALWAYS AS (id) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "paper_deleted_idx" ON "paper" USING btree ("id") WHERE "paper"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "mark_task_pool_idx" ON "mark_task" USING btree ("block_id","slot","pool_pos") WHERE "mark_task"."status" = 'pending';