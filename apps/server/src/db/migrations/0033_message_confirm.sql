ALTER TABLE "message" ADD COLUMN "kind" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "need_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "audience" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "event_key" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_receipt" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_receipt" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "message_event_uq" ON "message" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "message_sender_idx" ON "message" USING btree ("sender_id","id");