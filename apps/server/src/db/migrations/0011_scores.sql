CREATE TABLE "score" (
	"subject_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"paper_id" integer,
	"objective" numeric(7, 1),
	"subjective" numeric(7, 1),
	"total" numeric(7, 1),
	"question_scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"absent" boolean DEFAULT false NOT NULL,
	"irregular" boolean DEFAULT false NOT NULL,
	"irregular_reason" text,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_subject_id_examinee_id_pk" PRIMARY KEY("subject_id","examinee_id")
);
--> statement-breakpoint
CREATE TABLE "score_adjustment" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"question_no" text NOT NULL,
	"before" numeric(6, 1),
	"after" numeric(6, 1) NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score" ADD CONSTRAINT "score_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score" ADD CONSTRAINT "score_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score" ADD CONSTRAINT "score_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustment" ADD CONSTRAINT "score_adjustment_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustment" ADD CONSTRAINT "score_adjustment_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_adjustment" ADD CONSTRAINT "score_adjustment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_examinee_idx" ON "score" USING btree ("examinee_id");--> statement-breakpoint
CREATE INDEX "score_adjustment_subject_idx" ON "score_adjustment" USING btree ("subject_id","examinee_id");