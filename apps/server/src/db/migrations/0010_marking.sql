CREATE TABLE "block_reviewer" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"school_id" integer,
	"quota" integer,
	"class_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_reviewer_block_id_user_id_role_pk" PRIMARY KEY("block_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "block_score" (
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"score" numeric(6, 1) NOT NULL,
	"question_scores" jsonb NOT NULL,
	"source" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_score_block_id_paper_id_pk" PRIMARY KEY("block_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "mark_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer,
	"slot" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"skipped_by" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"score" numeric(6, 1),
	"question_scores" jsonb,
	"point_scores" jsonb,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spent_ms" integer,
	"submitted_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"problem" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_task_change" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "review_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "review_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_reviewer" ADD CONSTRAINT "block_reviewer_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_reviewer" ADD CONSTRAINT "block_reviewer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_reviewer" ADD CONSTRAINT "block_reviewer_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_score" ADD CONSTRAINT "block_score_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_score" ADD CONSTRAINT "block_score_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_score" ADD CONSTRAINT "block_score_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_score" ADD CONSTRAINT "block_score_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task" ADD CONSTRAINT "mark_task_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task_change" ADD CONSTRAINT "mark_task_change_task_id_mark_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."mark_task"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_task_change" ADD CONSTRAINT "mark_task_change_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_reviewer_user_idx" ON "block_reviewer" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "block_score_subject_idx" ON "block_score" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mark_task_slot_uq" ON "mark_task" USING btree ("block_id","paper_id","slot");--> statement-breakpoint
CREATE INDEX "mark_task_pool_idx" ON "mark_task" USING btree ("block_id","slot","id") WHERE "mark_task"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mark_task_user_idx" ON "mark_task" USING btree ("block_id","user_id","status");--> statement-breakpoint
CREATE INDEX "mark_task_lease_idx" ON "mark_task" USING btree ("lease_until") WHERE "mark_task"."status" = 'leased';--> statement-breakpoint
CREATE INDEX "mark_task_subject_idx" ON "mark_task" USING btree ("subject_id","status");--> statement-breakpoint
CREATE INDEX "mark_task_paper_idx" ON "mark_task" USING btree ("paper_id");--> statement-breakpoint
CREATE INDEX "mark_task_change_task_idx" ON "mark_task_change" USING btree ("task_id");