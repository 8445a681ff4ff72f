CREATE TABLE "score_stale" (
	"subject_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "score_stale_subject_id_examinee_id_pk" PRIMARY KEY("subject_id","examinee_id")
);
--> statement-breakpoint
ALTER TABLE "score_stale" ADD CONSTRAINT "score_stale_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_stale" ADD CONSTRAINT "score_stale_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;