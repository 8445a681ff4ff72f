CREATE TABLE "online_answer" (
	"attempt_id" integer NOT NULL,
	"no" text NOT NULL,
	"value" text NOT NULL,
	"rev" integer NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_answer_attempt_id_no_pk" PRIMARY KEY("attempt_id","no")
);
--> statement-breakpoint
CREATE TABLE "online_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submit_kind" text,
	"leave_count" integer DEFAULT 0 NOT NULL,
	"objective_score" numeric(6, 1),
	"objective_scores" jsonb,
	"reopen_count" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_exam" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_min" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"launched_by" integer,
	"launched_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_question" (
	"subject_id" integer NOT NULL,
	"no" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"option_texts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "online_question_subject_id_no_pk" PRIMARY KEY("subject_id","no")
);
--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "mode" text DEFAULT 'paper' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_batch" ALTER COLUMN "template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "online_answer" ADD CONSTRAINT "online_answer_attempt_id_online_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."online_attempt"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_attempt" ADD CONSTRAINT "online_attempt_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_attempt" ADD CONSTRAINT "online_attempt_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exam" ADD CONSTRAINT "online_exam_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_exam" ADD CONSTRAINT "online_exam_launched_by_user_id_fk" FOREIGN KEY ("launched_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_question" ADD CONSTRAINT "online_question_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_attempt_subject_examinee_uq" ON "online_attempt" USING btree ("subject_id","examinee_id");--> statement-breakpoint
CREATE INDEX "online_attempt_deadline_idx" ON "online_attempt" USING btree ("deadline");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_batch_online_uq" ON "scan_batch" USING btree ("subject_id","school_id") WHERE "scan_batch"."source" = 'online';