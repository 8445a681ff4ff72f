DROP INDEX "mark_deviation_marker_idx";--> statement-breakpoint
CREATE INDEX "mark_deviation_marker_idx" ON "mark_deviation" USING btree ("block_id","kind","user_id","id");