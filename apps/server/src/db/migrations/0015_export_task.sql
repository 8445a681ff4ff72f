CREATE TABLE "export_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"exam_id" integer NOT NULL,
	"subject_id" integer,
	"user_id" integer NOT NULL,
	"schools" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows" integer,
	"size" integer,
	"file_name" text NOT NULL,
	"file_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "in_total" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "scores_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "export_task" ADD CONSTRAINT "export_task_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_task" ADD CONSTRAINT "export_task_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_task" ADD CONSTRAINT "export_task_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_task_user_idx" ON "export_task" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_task_exam_idx" ON "export_task" USING btree ("exam_id");