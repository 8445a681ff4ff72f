CREATE TABLE "online_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"no" text NOT NULL,
	"position" smallint NOT NULL,
	"rotation" smallint DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_photo" ADD CONSTRAINT "online_photo_attempt_id_online_attempt_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."online_attempt"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_photo_attempt_idx" ON "online_photo" USING btree ("attempt_id","no","position");