CREATE TABLE "template" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"name" text DEFAULT '主模板' NOT NULL,
	"card_type" text DEFAULT 'thirdParty' NOT NULL,
	"color_type" text DEFAULT 'gray' NOT NULL,
	"dpi" integer DEFAULT 200 NOT NULL,
	"is_double" boolean DEFAULT false NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "template" ADD CONSTRAINT "template_subject_id_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subject"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_subject_idx" ON "template" USING btree ("subject_id");