ALTER TABLE "question" ADD COLUMN "partial_rule" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "special" text;--> statement-breakpoint
ALTER TABLE "question" ADD COLUMN "special_reason" text;