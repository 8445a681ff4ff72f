ALTER TABLE "online_exam" ADD COLUMN "shuffle_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "online_exam" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;