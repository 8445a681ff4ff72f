CREATE TABLE "block" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text NOT NULL,
	"nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"mark_count" smallint DEFAULT 1 NOT NULL,
	"threshold" numeric(6, 1),
	"final_rule" text DEFAULT 'mean' NOT NULL,
	"arbitration" text DEFAULT 'leader' NOT NULL,
	"assign_mode" text DEFAULT 'free' NOT NULL,
	"quota" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block" ADD CONSTRAINT "block_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_subject_idx" ON "block" USING btree ("subject_id","sort");