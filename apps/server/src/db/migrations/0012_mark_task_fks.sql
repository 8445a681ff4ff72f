ALTER TABLE "mark_task" DROP CONSTRAINT "mark_task_subject_id_subject_id_fk";
--> statement-breakpoint
ALTER TABLE "mark_task" DROP CONSTRAINT "mark_task_school_id_school_id_fk";
--> statement-breakpoint
ALTER TABLE "mark_task" DROP CONSTRAINT "mark_task_class_id_class_id_fk";
