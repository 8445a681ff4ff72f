CREATE TABLE "service_link" (
	"kind" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_link" ADD CONSTRAINT "service_link_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;