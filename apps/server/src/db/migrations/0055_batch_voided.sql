-- 作废本批次: a pile scanned wrong (one-sided, into the wrong school, too light) is set aside as a whole and scanned
-- again. The batch records when and by whom (nullable columns without a default: no table rewrite); its pages take
-- the status 'voided', and the one-image-once-a-subject index leaves them out, so the same files may be uploaded
-- again. The index is rebuilt (a few seconds on a large scan_page, at upgrade).
DROP INDEX "scan_page_subject_sha_uq";--> statement-breakpoint
ALTER TABLE "scan_batch" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "scan_batch" ADD CONSTRAINT "scan_batch_voided_by_user_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_page_subject_sha_uq" ON "scan_page" USING btree ("subject_id","sha256") WHERE "scan_page"."status" <> 'voided';