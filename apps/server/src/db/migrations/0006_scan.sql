CREATE TABLE "paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"examinee_id" integer,
	"kaohao" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"objective" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"absent_marked" boolean DEFAULT false NOT NULL,
	"paper_type" text,
	"recognised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scan_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"uploader_id" integer,
	"template_id" integer NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'recognising' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_exception" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"paper_id" integer,
	"page_id" integer,
	"type" text NOT NULL,
	"region" text,
	"reason" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_page" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"paper_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"seq" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"page_in_file" integer DEFAULT 0 NOT NULL,
	"template_page" smallint,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"recognised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_batch_id_scan_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper" ADD CONSTRAINT "paper_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD CONSTRAINT "scan_batch_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD CONSTRAINT "scan_batch_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD CONSTRAINT "scan_batch_uploader_id_user_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD CONSTRAINT "scan_batch_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_batch_id_scan_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_page_id_scan_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."scan_page"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exception" ADD CONSTRAINT "scan_exception_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_page" ADD CONSTRAINT "scan_page_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_page" ADD CONSTRAINT "scan_page_batch_id_scan_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."scan_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_page" ADD CONSTRAINT "scan_page_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_subject_idx" ON "paper" USING btree ("subject_id","school_id","status");--> statement-breakpoint
CREATE INDEX "paper_batch_idx" ON "paper" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_subject_examinee_uq" ON "paper" USING btree ("subject_id","examinee_id") WHERE "paper"."examinee_id" is not null and "paper"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scan_batch_subject_idx" ON "scan_batch" USING btree ("subject_id","school_id");--> statement-breakpoint
CREATE INDEX "scan_exception_subject_idx" ON "scan_exception" USING btree ("subject_id","resolved","type");--> statement-breakpoint
CREATE INDEX "scan_exception_paper_idx" ON "scan_exception" USING btree ("paper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_page_subject_sha_uq" ON "scan_page" USING btree ("subject_id","sha256");--> statement-breakpoint
CREATE INDEX "scan_page_batch_idx" ON "scan_page" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "scan_page_paper_idx" ON "scan_page" USING btree ("paper_id");