CREATE TABLE "absence" (
	"examinee_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_examinee_id_subject_id_pk" PRIMARY KEY("examinee_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "exam_school" (
	"exam_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"scan_finished_at" timestamp with time zone,
	CONSTRAINT "exam_school_exam_id_school_id_pk" PRIMARY KEY("exam_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "examinee" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"kaohao" text NOT NULL,
	"kaochang" text,
	"seat" integer,
	"paper_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"course" text NOT NULL,
	"name" text NOT NULL,
	"full_score" numeric(6, 1) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "grade_name" text;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "absence" ADD CONSTRAINT "absence_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence" ADD CONSTRAINT "absence_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence" ADD CONSTRAINT "absence_marked_by_user_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_school" ADD CONSTRAINT "exam_school_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_school" ADD CONSTRAINT "exam_school_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_student_id_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examinee" ADD CONSTRAINT "examinee_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject" ADD CONSTRAINT "subject_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_subject_idx" ON "absence" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "exam_school_school_idx" ON "exam_school" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_exam_kaohao_uq" ON "examinee" USING btree ("exam_id","kaohao");--> statement-breakpoint
CREATE UNIQUE INDEX "examinee_exam_student_uq" ON "examinee" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "examinee_exam_school_idx" ON "examinee" USING btree ("exam_id","school_id","class_id");--> statement-breakpoint
CREATE INDEX "subject_exam_idx" ON "subject" USING btree ("exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_role_uq" ON "exam_role" USING btree ("exam_id","user_id","role",coalesce("subject_id", 0),coalesce("school_id", 0));