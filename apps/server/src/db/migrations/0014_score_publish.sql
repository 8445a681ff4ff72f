ALTER TABLE "subject" ADD COLUMN "tongfen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "score" ADD COLUMN "irregular_by" integer;--> statement-breakpoint
ALTER TABLE "score" ADD COLUMN "irregular_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "score" ADD CONSTRAINT "score_irregular_by_user_id_fk" FOREIGN KEY ("irregular_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;