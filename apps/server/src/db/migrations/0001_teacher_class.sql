CREATE TABLE "teacher_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"class_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teacher_class" ADD CONSTRAINT "teacher_class_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_class" ADD CONSTRAINT "teacher_class_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_class" ADD CONSTRAINT "teacher_class_class_id_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_class_uq" ON "teacher_class" USING btree ("school_id","user_id","class_id");