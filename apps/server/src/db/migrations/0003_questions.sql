CREATE TABLE "question" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"no" text NOT NULL,
	"kind" text NOT NULL,
	"options" integer DEFAULT 0 NOT NULL,
	"score" numeric(6, 1) NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"partial_score" numeric(6, 1),
	"answer_b" text DEFAULT '' NOT NULL,
	"b_no" text,
	"step" numeric(3, 1) DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "ab_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subject" ADD COLUMN "optional_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD CONSTRAINT "question_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_subject_no_uq" ON "question" USING btree ("subject_id","no");--> statement-breakpoint
CREATE INDEX "question_subject_idx" ON "question" USING btree ("subject_id","sort");