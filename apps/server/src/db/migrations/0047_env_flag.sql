CREATE TABLE "env_flag" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"until" timestamp with time zone,
	"read_only" boolean NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_by" integer,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "env_flag" ADD CONSTRAINT "env_flag_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "env_flag" ADD CONSTRAINT "env_flag_cleared_by_user_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;