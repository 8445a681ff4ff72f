CREATE TABLE "analysis_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"school_id" integer,
	"name" text NOT NULL,
	"class_ids" integer[],
	"examinee_ids" integer[],
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analysis_group" ADD CONSTRAINT "analysis_group_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_group" ADD CONSTRAINT "analysis_group_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_group" ADD CONSTRAINT "analysis_group_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_group_exam_idx" ON "analysis_group" USING btree ("exam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_group_name_uq" ON "analysis_group" USING btree ("exam_id","name") WHERE "analysis_group"."deleted_at" is null;