CREATE TABLE "online_makeup" (
	"subject_id" integer NOT NULL,
	"examinee_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_min" integer NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_makeup_subject_id_examinee_id_pk" PRIMARY KEY("subject_id","examinee_id")
);
--> statement-breakpoint
ALTER TABLE "online_makeup" ADD CONSTRAINT "online_makeup_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_makeup" ADD CONSTRAINT "online_makeup_examinee_id_examinee_id_fk" FOREIGN KEY ("examinee_id") REFERENCES "public"."examinee"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_makeup" ADD CONSTRAINT "online_makeup_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;