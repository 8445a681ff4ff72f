CREATE TABLE "report_cache" (
	"exam_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"stamp" text NOT NULL,
	"data" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_cache_exam_id_subject_id_pk" PRIMARY KEY("exam_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "report_version" (
	"subject_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_cache" ADD CONSTRAINT "report_cache_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_version" ADD CONSTRAINT "report_version_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;