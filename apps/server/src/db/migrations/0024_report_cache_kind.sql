ALTER TABLE "report_cache" ADD COLUMN "kind" text DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_cache" DROP CONSTRAINT "report_cache_exam_id_subject_id_pk";--> statement-breakpoint
ALTER TABLE "report_cache" ADD CONSTRAINT "report_cache_exam_id_subject_id_kind_pk" PRIMARY KEY("exam_id","subject_id","kind");
