CREATE TABLE "graduate_admission" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"name" text NOT NULL,
	"xuehao" text DEFAULT '' NOT NULL,
	"class_name" text DEFAULT '' NOT NULL,
	"university" text NOT NULL,
	"major" text DEFAULT '' NOT NULL,
	"batch" text NOT NULL,
	"level" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "graduate_admission" ADD CONSTRAINT "graduate_admission_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "graduate_admission_uq" ON "graduate_admission" USING btree ("school_id","year","class_name","name") WHERE "graduate_admission"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "graduate_admission_school_year_idx" ON "graduate_admission" USING btree ("school_id","year");