CREATE TABLE "scan_finish" (
	"subject_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"finished_by" integer,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "scan_finish_subject_id_school_id_pk" PRIMARY KEY("subject_id","school_id")
);
--> statement-breakpoint
ALTER TABLE "block" ADD COLUMN "regions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "block" ADD COLUMN "points" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "template" ADD COLUMN "active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_finish" ADD CONSTRAINT "scan_finish_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_finish" ADD CONSTRAINT "scan_finish_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_finish" ADD CONSTRAINT "scan_finish_finished_by_user_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;