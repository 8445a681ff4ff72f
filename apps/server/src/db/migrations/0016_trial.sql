CREATE TABLE "block_quality" (
	"block_id" integer PRIMARY KEY NOT NULL,
	"standard_every" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"score" numeric(6, 1) NOT NULL,
	"question_scores" jsonb NOT NULL,
	"point_scores" jsonb,
	"comment" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'sample' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "standard_mark" (
	"id" integer PRIMARY KEY DEFAULT nextval('mark_task_id_seq') NOT NULL,
	"sample_paper_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"ref_score" numeric(6, 1) NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"score" numeric(6, 1),
	"question_scores" jsonb,
	"point_scores" jsonb,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spent_ms" integer,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_mark" (
	"id" serial PRIMARY KEY NOT NULL,
	"trial_paper_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"lease_token" uuid,
	"lease_until" timestamp with time zone,
	"score" numeric(6, 1),
	"question_scores" jsonb,
	"point_scores" jsonb,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spent_ms" integer,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trial_paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"ref_score" numeric(6, 1),
	"ref_question_scores" jsonb,
	"ref_point_scores" jsonb,
	"comment" text DEFAULT '' NOT NULL,
	"ref_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_quality" ADD CONSTRAINT "block_quality_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_quality" ADD CONSTRAINT "block_quality_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_paper" ADD CONSTRAINT "sample_paper_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_paper" ADD CONSTRAINT "sample_paper_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_paper" ADD CONSTRAINT "sample_paper_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_mark" ADD CONSTRAINT "standard_mark_sample_paper_id_sample_paper_id_fk" FOREIGN KEY ("sample_paper_id") REFERENCES "public"."sample_paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_mark" ADD CONSTRAINT "standard_mark_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_mark" ADD CONSTRAINT "trial_mark_trial_paper_id_trial_paper_id_fk" FOREIGN KEY ("trial_paper_id") REFERENCES "public"."trial_paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_mark" ADD CONSTRAINT "trial_mark_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_paper" ADD CONSTRAINT "trial_paper_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_paper" ADD CONSTRAINT "trial_paper_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_paper" ADD CONSTRAINT "trial_paper_ref_by_user_id_fk" FOREIGN KEY ("ref_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sample_paper_uq" ON "sample_paper" USING btree ("block_id","paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "standard_mark_uq" ON "standard_mark" USING btree ("sample_paper_id","user_id");--> statement-breakpoint
CREATE INDEX "standard_mark_block_idx" ON "standard_mark" USING btree ("block_id","user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_mark_uq" ON "trial_mark" USING btree ("trial_paper_id","user_id");--> statement-breakpoint
CREATE INDEX "trial_mark_block_idx" ON "trial_mark" USING btree ("block_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_paper_uq" ON "trial_paper" USING btree ("block_id","paper_id");--> statement-breakpoint
CREATE INDEX "trial_paper_subject_idx" ON "trial_paper" USING btree ("subject_id");